"""The page shell: menu and page setup, the learner in the address, URL-bound state, status lines.

These modules call Streamlit; the pages use them, the pure rooms never do.
"""
