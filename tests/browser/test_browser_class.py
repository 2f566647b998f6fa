"""Browser test of a class with three browsers on one server: the teacher makes a class and
reads its table, a learner on a phone (390 px) joins by the link, sees the first-game and
review tasks on the home page and leaves, and a stranger who has the teacher's addresses sees
nothing of the class."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from functools import partial
from typing import Any
from urllib.parse import quote

import pytest
from browsertools import load, no_exception, open_expander, settled, shot, submit
from playwright.sync_api import expect

from tutor import store
from tutor.quiz import schedule
from tutor.store import tasks

pytestmark = [pytest.mark.browser]

PIN = "2468"


def other_browser(page: Any, width: int = 1280, height: int = 900) -> Any:
    """A page in a new browser context: no cookies shared with ``page``."""
    context = page.context.browser.new_context(viewport={"width": width, "height": height})
    return context.new_page()


def answered(url: str, name: str) -> int:
    """A learner with a few answers, one a missed run; their id."""
    engine = store.make_engine(url)
    store.migrate(engine)
    who = store.create_learner(engine, name)
    for correct in (True, True, False):
        store.store_attempt(
            engine,
            who.id,
            store.Attempt(
                "hand", 7, 12, 12 if correct else 10, correct, attempt_id=str(uuid.uuid4()),
                categories=("run",), categories_missed=() if correct else ("run",), seconds=9.0,
            ),
        )  # fmt: skip
    engine.dispose()
    return who.id


def test_a_teacher_a_learner_on_a_phone_and_a_stranger(
    page: Any, app_url: str, app_database_url: str
) -> None:
    tag = uuid.uuid4().hex[:6]
    teacher, learner, club = f"Rao {tag}", f"Ann {tag}", f"Club {tag}"
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    teacher_id = store.create_learner(engine, teacher).id
    store.set_pin(engine, teacher_id, PIN)
    engine.dispose()
    ann_id = answered(app_database_url, learner)

    # the teacher: PIN, a new class, its code and link
    load(page, f"{app_url}/Class?learner={quote(teacher)}")
    page.get_by_label("PIN", exact=True).fill(PIN)
    submit(page, page.get_by_role("button", name="Unlock"))
    expect(page.get_by_role("heading", name="Teach a class")).to_be_visible()
    settled(page)
    new_class = open_expander(page, "Make a new class")
    new_class.get_by_label("The class's name").fill(club)
    expect(new_class.get_by_label("The class's name")).to_have_value(club)
    submit(page, new_class.get_by_role("button", name="Make the class"))
    expect(
        page.get_by_test_id("stAlert").filter(has_text=f"The class {club} is made")
    ).to_be_visible()
    settled(page)
    code_text = page.get_by_text(re.compile(r"^Join code: ")).inner_text()
    code = code_text.split(": ", 1)[1].strip()
    assert re.fullmatch(r"[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}", code), code
    link = page.get_by_test_id("stCode").inner_text().strip()
    assert link.startswith(app_url) and link.endswith(f"Class?join={code}"), link
    class_id = re.search(r"[?&]class=(\d+)", page.url)
    assert class_id, page.url
    shot(page, "class-teacher-new")

    # the learner, on a phone: the link puts the code in the box
    phone = other_browser(page, 390, 844)
    load(phone, f"{link}&learner={quote(learner)}")
    expect(phone.get_by_label("Join code")).to_have_value(code)
    expect(phone.get_by_text("its teachers see your progress")).to_be_visible()
    submit(phone, phone.get_by_role("button", name="Join the class"))
    expect(phone.get_by_test_id("stAlert").filter(has_text=f"You joined {club}")).to_be_visible()
    settled(phone)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    shot(phone, "class-learner-phone-joined")

    # a first-game task; the learner's own game reached its end (as the page keeps it)
    engine = store.make_engine(app_database_url)
    today = dt.datetime.now(dt.UTC).date()
    for kind in ("first_game", "review"):
        tasks.set_task(engine, teacher_id, int(class_id.group(1)), kind, 1, 0, today, today)
    store.record_first_game(engine, ann_id)
    missed = partial(schedule.after_miss, today=today - dt.timedelta(days=10))  # due since
    store.record_miss(engine, ann_id, "hand", {"seed": "7"}, missed)
    engine.dispose()
    load(phone, f"{app_url}/?learner={quote(learner)}")
    expect(phone.get_by_role("heading", name="Your tasks")).to_be_visible()
    expect(phone.get_by_text("Done: you have played the coached first game")).to_be_visible()
    expect(phone.get_by_text("1 question is due for review now.")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the home page is {width} px wide on a 390 px phone"
    tasks_list = phone.locator("[class*='st-key-class_task_']").last
    tasks_list.scroll_into_view_if_needed()
    phone.screenshot(path="artifacts/class-home-tasks-phone.png")
    phone.set_viewport_size({"width": 1280, "height": 900})
    settled(phone)
    tasks_list.scroll_into_view_if_needed()
    phone.screenshot(path="artifacts/class-home-tasks.png")
    phone.set_viewport_size({"width": 390, "height": 844})
    load(phone, link.split("?", 1)[0] + f"?learner={quote(learner)}")

    # the teacher's table now has the learner, and a link to their progress
    page.reload()
    settled(page)
    grid = page.get_by_test_id("stDataFrame")
    expect(grid).to_be_visible()
    expect(grid).to_contain_text(learner)
    expect(grid).to_contain_text("First game done")  # the task columns are further right
    grid.scroll_into_view_if_needed()
    page.screenshot(path="artifacts/class-teacher-table.png")
    page.set_viewport_size({"width": 390, "height": 844})  # the teacher on a phone
    settled(page)
    expect(grid).to_contain_text(learner)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the teacher's page is {width} px wide on a 390 px phone"
    grid.scroll_into_view_if_needed()
    page.screenshot(path="artifacts/class-teacher-table-phone.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    download = page.get_by_role("button", name="Download the table (CSV)")
    with page.expect_download() as got:
        download.click()
    written = open(got.value.path(), encoding="utf-8").read()  # noqa: SIM115 - read at once
    assert written.splitlines()[0].startswith("Learner,") and learner in written
    member = f"{app_url}/Class?learner={quote(teacher)}&class={class_id.group(1)}&member={ann_id}"
    load(page, member)
    expect(page.get_by_role("heading", name=f"Progress of {learner} (read-only)")).to_be_visible()
    shot(page, "class-teacher-member")

    # the stranger: the teacher's addresses, their own name; nothing of the class
    stranger = other_browser(page)
    load(stranger, member)
    expect(stranger.locator(".st-key-pin_gate")).to_contain_text("This name is protected")
    expect(stranger.get_by_text(club)).to_have_count(0)
    expect(stranger.get_by_text(learner)).to_have_count(0)
    own = member.replace(quote(teacher), f"Eve{tag}")
    load(stranger, own)
    expect(stranger.get_by_text("There is nothing to show here")).to_be_visible()
    expect(stranger.get_by_text(club)).to_have_count(0)
    expect(stranger.get_by_text(learner)).to_have_count(0)
    load(stranger, f"{app_url}/Class?learner=Eve{tag}&class={class_id.group(1)}")
    expect(stranger.get_by_text("protect your name with a PIN first")).to_be_visible()
    expect(stranger.get_by_text(club)).to_have_count(0)
    expect(stranger.get_by_test_id("stDataFrame")).to_have_count(0)
    shot(stranger, "class-stranger")
    no_exception(stranger)
    stranger.context.close()

    # the learner leaves: the teacher sees nothing more of them
    submit(phone, phone.get_by_role("button", name="Leave"))
    expect(phone.get_by_test_id("stAlert").filter(has_text=f"You left {club}")).to_be_visible()
    settled(phone)
    phone.context.close()
    load(page, member)
    expect(page.get_by_text("There is nothing to show here")).to_be_visible()
    load(page, f"{app_url}/Class?learner={quote(teacher)}&class={class_id.group(1)}")
    expect(page.get_by_text("No learner has joined this class yet.")).to_be_visible()
    no_exception(page)
