"""Every interaction a real app needs, recorded, replayed, healed and regressed as a user runs them."""
