"""The page shell: menu and page setup, the learner in the address, URL-bound state, status lines,
and the server's memory (the imported code frozen out of the garbage collector's way).

These modules call Streamlit; the pages use them, the pure rooms never do.
"""
