import streamlit as st
from tutor.menu import setup_page
setup_page("pages/1_Learn.py", "1_Learn")
st.write("soon")
