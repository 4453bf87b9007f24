"""What a test and a run came to: their figures (``figures.py``), the tokens the model used (``usage.py``) and each
heal (``heal.py``). The vocabulary the layers above fill in and the reports read; it imports only ``cache/``'s model.
"""
