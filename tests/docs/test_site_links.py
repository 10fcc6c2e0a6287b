"""The rules' HTML rewritten for the website, and what its pages name."""

from __future__ import annotations

from publish.docs.site.links import (
    card_pages,
    example_summaries,
    moves,
    notes_in_text,
    places,
    plain,
    sections,
    self_links,
    term_links,
)
from publish.docs.site.pages import search_script

CHAPTER = ('<h1 id="setup">Set&amp;up</h1><p>Take <a class="cardref" href="#card-007">Boat</a>'
           '</p><h2 id="setup--turn">Your turn</h2><p>A <strong id="mention-1-dry">dry</strong>'
           ' <a class="cardref" href="#card-009">Net</a>.</p>'
           '<section class="example" id="example-one"><h3>One</h3><p>x</p></section>')


def test_card_names_link_to_card_pages():
    html = card_pages(CHAPTER, "../")
    assert 'href="../cards/007.html"' in html and "#card-" not in html


def test_places_say_under_which_heading_each_card_is_named():
    found = [(p.kind, p.value, p.heading, p.title) for p in places(card_pages(CHAPTER, "../"))]
    assert ("card", "007", "setup", "Set&up") in found
    assert ("card", "009", "setup--turn", "Your turn") in found
    assert ("id", "mention-1-dry", "setup--turn", "Your turn") in found


def test_terms_link_to_the_glossary_and_unknown_mentions_stay():
    html = term_links(CHAPTER, {"mention-1-dry": "term-dry"}, "../")
    assert '<a class="term" href="../glossary.html#term-dry"><strong id="mention-1-dry">' in html
    assert term_links(CHAPTER, {}, "../") == CHAPTER


def test_examples_become_summaries_and_logs_become_moves():
    html = example_summaries(CHAPTER, lambda ident: f"<p>see {ident}</p>")
    assert "<p>see example-one</p>" in html and "<section" not in html
    logged = moves('<pre class="log log-text">T1. a &lt; b\nT2. c</pre>', "Moves")
    assert logged == ('<ol class="moves log-text" start="1" aria-label="Moves"><li id="move-1">'
                      '<code>T1. a &lt; b</code></li><li id="move-2"><code>T2. c</code></li></ol>')


def test_headings_link_to_themselves_and_callouts_are_notes():
    html = self_links(CHAPTER, 'Link "here"')
    assert '<h2 id="setup--turn">Your turn <a class="anchor" href="#setup--turn" ' \
           'aria-label="Link &#34;here&#34;">#</a></h2>' in html
    assert notes_in_text('<aside class="callout callout-tip"><p>t</p></aside>') == \
        '<div role="note" class="callout callout-tip"><p>t</p></div>'


def test_sections_and_plain_text_for_the_search():
    cut = list(sections(CHAPTER))
    assert [c[0] for c in cut] == ["setup", "setup--turn", ]
    assert cut[1][2].startswith("A dry Net.")
    assert plain("<p>a</p><p>b<em>c</em></p>") == "a bc"


def test_the_search_index_cannot_end_its_script():
    script = search_script([{"t": "</script><script>alert(1)</script>", "u": "x", "k": "card",
                             "x": ""}])
    assert "</script>" not in script and script.startswith("window.SITE_SEARCH = [")


def test_icons_are_named_in_the_edition_s_words():
    from publish.docs.site.links import icon_names

    html = '<span class="icon icon-coin" role="img" aria-label="coin"><svg></svg></span>'
    assert icon_names(html, {"coin": "Moeda & cia"}) == (
        '<span class="icon icon-coin" role="img" aria-label="Moeda &amp; cia"><svg></svg></span>')
    assert icon_names(html, {}) == html
