"""The drift suite: one recorded test replayed against drifted and regressed copies of its app."""
