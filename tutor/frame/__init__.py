"""The page shell: menu and page setup, the learner in the address, URL-bound state, status lines,
tables of figures (``tables``: the progress page's, drawn one way), the server's memory (the imported
code frozen out of the garbage collector's way) and a new process warmed once (``warm``: the
pages' modules imported and the engine's tables built).

These modules call Streamlit; the pages use them, the pure rooms never do.
"""
