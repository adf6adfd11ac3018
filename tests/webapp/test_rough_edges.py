"""Issue 29: rough edges a new trainee and instructor hit (findings 4, 5, 10)."""
from __future__ import annotations

import re

from .conftest import post_answer
from .test_cohorts import LESSON, SPLIT


def test_a_first_visit_opens_at_the_top_and_a_return_resumes_with_a_note(app, client, auth):
    """Finding 5: the first visit shows the lesson's teaching text; a returning
    visit goes to the first exercise not yet solved, and says so."""
    auth.login()
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    assert 'data-resume="0"' in page and 'data-testid="resume-note"' not in page
    assert post_answer(client, LESSON, "three-way-split", SPLIT).status_code == 200
    page = client.get(f"/lessons/{LESSON}").get_data(as_text=True)
    current = re.search(r'data-current="([^"]*)"', page).group(1)
    assert current and 'data-resume="1"' in page
    note = page.split('data-testid="resume-note"', 1)[1]
    assert "where you left off" in note.split("</p>", 1)[0]
    assert note.split("</p>", 1)[1].lstrip().startswith("<section") and f'id="cell-{current}"' in \
        note.split("</p>", 1)[1].split(">", 1)[0]
