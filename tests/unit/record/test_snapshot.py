"""Bounding the aria snapshot sent to the model, and reading its refs (pytest_lumen.record.snapshot)."""

from pytest_lumen.record.snapshot import REF, bound, page_kind


def test_bound_keeps_small_snapshots_whole():
    assert bound("- button \"OK\" [ref=e1]", 100) == ("- button \"OK\" [ref=e1]", False)


def test_bound_cuts_at_a_line_and_stays_within_the_limit():
    big = "\n".join(f"- row {i} with some text" for i in range(5000))
    out, cut = bound(big, 24000)
    assert cut and len(out) <= 24000
    kept = out.splitlines()[:-1]
    assert all(line.startswith("- row ") for line in kept)
    assert f"snapshot cut: {5000 - len(kept)} more lines" in out


def test_refs_of_frames_and_pages_are_found():
    assert REF.findall("- button [ref=e2]\n- link [ref=f1e3] [cursor=pointer]") == ["e2", "f1e3"]


def test_page_kind_hints():
    assert page_kind('- textbox "Password" [ref=e3]') == "login"
    assert page_kind("- paragraph: hi") == "page"
