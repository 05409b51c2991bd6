"""``--case`` selects exactly: vector cases, random-deal tests and fuzz games alike; ``--list``
and the run agree; a ``--case`` that selects nothing is an error saying what would; the
suggested commands select what the run did."""

from __future__ import annotations

import pytest

from scout_ref.cli import main
from scout_ref.conformance import Campaign, run
from scout_ref.errors import MalformedInputError

pytestmark = pytest.mark.rule

ONE = "reject-scout-inner-card-no-active-set"


def _listed(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(["conform", "--list", *args]) == 0
    lines = capsys.readouterr().out.splitlines()
    count = next(k for k, line in enumerate(lines) if line.endswith(" selected"))
    return [line.split("  ", 1)[0] for line in lines[:count]]


def test_a_case_id_selects_that_case_alone_not_the_random_deal_tests(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert [c.id for c in Campaign(cases=[ONE]).listed()] == [ONE]
    assert _listed(capsys, "--case", ONE) == [ONE]
    done = run(Campaign(cases=[ONE]))
    assert [r.case.id for r in done.results] == [ONE]


def test_the_random_deal_tests_run_when_selected_by_id_rule_or_kind() -> None:
    assert [c.id for c in Campaign(cases=["random-deal-3p"]).listed()] == ["random-deal-3p"]
    by_rule = [c.id for c in Campaign(kinds=["random"], rules=["SC-VAR2-01"]).listed()]
    assert by_rule == ["random-deal-2p", "random-deal-2p-round-2"]
    assert len(Campaign(kinds=["random"]).listed()) == 5
    assert not Campaign(kinds=["legal"]).random_chosen
    with pytest.raises(MalformedInputError, match="random-deals"):
        Campaign(cases=["random-deal-3p"], random_deals=0).selected()


def test_a_fuzz_game_is_selected_by_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    """Game k of seed S plays the k-th player count in turn: 4 players for games 2 and 6."""
    campaign = Campaign(cases=["fuzz-4p-3-*"], fuzz=8, seed=3)
    assert [c.id for c in campaign.listed()] == ["fuzz-4p-3-2", "fuzz-4p-3-6"]
    assert _listed(capsys, "--case", "fuzz-4p-3-*", "--fuzz", "8", "--seed", "3") == [
        "fuzz-4p-3-2",
        "fuzz-4p-3-6",
    ]
    done = run(Campaign(cases=["fuzz-4p-3-2"], fuzz=3, seed=3))
    assert [r.case.id for r in done.results] == ["fuzz-4p-3-2"]
    again = done.selection_options  # what "next: ... the whole run again" repeats
    assert _listed(capsys, *again) == ["fuzz-4p-3-2"]


def test_a_vector_case_with_fuzz_games_runs_no_game() -> None:
    assert [c.id for c in Campaign(cases=[ONE], fuzz=4).listed()] == [ONE]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"cases": ["no-such-case"]}, "no case has the ID 'no-such-case'"),
        ({"cases": ["no-such-case"], "fuzz": 3}, "no case has the ID 'no-such-case'"),
        ({"cases": [ONE, "no-such-case"]}, "'no-such-case'"),
        ({"cases": ["fuzz-4p-3-4"]}, "--fuzz 5 --seed 3"),
        ({"cases": ["fuzz-4p-3-4"], "fuzz": 2, "seed": 3}, "--fuzz 5 --seed 3"),
        ({"cases": [ONE], "kinds": ["legal"]}, "that --rule and --kind let in"),
    ],
)
def test_a_case_glob_that_selects_nothing_is_an_error(
    options: dict[str, object], says: str
) -> None:
    with pytest.raises(MalformedInputError, match=says):
        Campaign(**options).selected()  # type: ignore[arg-type]


def test_the_command_line_refuses_an_empty_selection_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "--case", "fuzz-4p-3-4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("error: ")
