import streamlit as st
from tutor.menu import setup_page
setup_page("pages/3_Pegging_quiz.py", "3_Pegging_quiz")
st.write("soon")
