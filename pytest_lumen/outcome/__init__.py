"""What a test and a run came to: their figures (``figures.py``), the tokens the model used (``usage.py``), each
heal (``heal.py``) and the model's actions and how they ended (``action_log.py``). The vocabulary the layers above
fill in and the reports read; it imports only ``cache/``'s model.
"""
