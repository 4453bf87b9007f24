"""The example suite: natural-language browser tests of the Kettle & Crumb demo shop (see README.md)."""
