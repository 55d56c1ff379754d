"""The append-only logs of long runs: a crash loses at most the row it cut."""

from __future__ import annotations

from pathlib import Path

from auctionwhist.runlog import append_row, open_log, read_rows


def test_rows_are_read_back_and_torn_lines_passed_over(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    assert list(read_rows(log)) == []  # no log yet: nothing done
    with open_log(log) as f:
        append_row(f, {"deal": 0, "table": [1, 2]})
        append_row(f, {"deal": 1})
    with log.open("a") as f:
        f.write('[1, 2]\n{"deal": 2, "ta')  # not a row, then a crash mid-line
    assert list(read_rows(log)) == [{"deal": 0, "table": [1, 2]}, {"deal": 1}]
    with open_log(log) as f:
        append_row(f, {"deal": 2})
    lines = log.read_text().splitlines()
    assert lines[-2] == '{"deal": 2, "ta' and lines[-1] == '{"deal": 2}'
    assert [r["deal"] for r in read_rows(log)] == [0, 1, 2]


def test_open_log_leaves_a_whole_log_alone(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    log.write_text('{"deal": 0}\n')
    open_log(log).close()
    assert log.read_text() == '{"deal": 0}\n'
    empty = tmp_path / "empty.jsonl"
    open_log(empty).close()
    assert empty.read_text() == ""
