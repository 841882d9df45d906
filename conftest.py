"""Set-up for every test run, the notebooks' included: English unless a test or a notebook
chooses otherwise, whatever the machine's locale (the English notebooks' stored outputs are
English; the translated ones set their language in their first code cell)."""

from __future__ import annotations

import os

os.environ["SIEGE_NB_LANGUAGE"] = "en"
