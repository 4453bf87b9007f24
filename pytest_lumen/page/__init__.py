"""What runs against the page: in-page scripts, fingerprints, locators, targets, checks, actions."""
