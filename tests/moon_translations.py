"""A game fresh from `publish new` ("moon") translated into the languages that stress the
toolchain: German (long compound words, hyphenation), Polish (three plural forms) and
Japanese (no spaces between words, its own line breaking, a CJK font).  Keys are a card
message's context (``card 080 name``), or the source text for the rules and the other
words of game.yaml.  Used by the language matrix (tests/i18n/test_language_matrix.py)."""

from __future__ import annotations

GERMAN = {
    "Moon": "Mond",
    "Original game by Jane Doe": "Originalspiel von Jane Doe",
    "All rights reserved": "Alle Rechte vorbehalten",
    "https://en.wikipedia.org/wiki/All_rights_reserved":
        "https://de.wikipedia.org/wiki/Alle_Rechte_vorbehalten",
    "© 2026 Jane Doe.": "© 2026 Jane Doe. Übersetzung: Spielregelübersetzungsgemeinschaft.",
    "Character": "Charakter",
    "character": ("Charakterkarte", "Charakterkarten"),
    "Item": "Gegenstand",
    "item": ("Ausrüstungsgegenstand", "Ausrüstungsgegenstände"),
    "Event": "Ereignis",
    "event": ("Ereigniskarte", "Ereigniskarten"),
    "Main deck": "Hauptkartenstapel",
    "Starter deck": "Startkartenstapel",
    "Starter": "Start",
    "Star": "Stern",
    "Cards that draw cards": "Kartennachziehkarten",
    "Cards that gain stars": "Sternengewinnkarten",
    "Cost": "Kosten",
    "Art": "Illustration",
    "Flavour text": "Stimmungstext",
    "card 001 name": "Wandernder Kundschafter",
    "card 001 text 1": "Wenn du den Kundschafter ausspielst, Ziehe 1 Karte.",
    "card 001 flavour": "Jeder Weg beginnt irgendwo.",
    "card 002 name": "Hüter des Alten Stadttors",
    "card 002 text 1": "Zu Beginn deines Zuges Erhalte 1 :star:. Wenn der Hüter das Spiel "
                       "verlässt, Erhalte 2 :star:.",
    "card 003 name": "Lehrling",
    "card 003 text 1": "Erhalte 1 :star:.",
    "card 050 name": "Laterne",
    "card 050 text 1": "Wirf die Laterne ab, um 2 Karten zu ziehen: Ziehe 2 Karten.",
    "card 050 flavour": "Sie hat mehr Nächte gesehen als du.",
    "card 051 name": "Reisegepäck",
    "card 051 text 1": "Ziehe 1 Karte, dann Wirf 1 Karte ab.",
    "card 080 name": "Plötzliches Unwetter",
    "card 080 text 1": "Jeder Spieler Wirft 1 Karte ab. Du Erhältst 1 :star: für jede so "
                       "abgeworfene Karte.",
    "How to play Moon": "Wie man Mond spielt",
    "These are the rules of Moon, written as Markdown. Each file in this folder whose name "
    "starts with a number is a chapter of the manual, in file name order. Replace this text "
    "with your own rules.":
        "Dies sind die Spielregeln von Mond, in Markdown geschrieben. Jede Datei dieses "
        "Ordners, deren Name mit einer Zahl beginnt, ist ein Kapitel der Spielanleitung, in "
        "der Reihenfolge der Dateinamen. Ersetze diesen Text durch deine eigenen "
        "Spielregelergänzungsbestimmungen.",
    "Components": "Spielmaterial",
    "the Main deck and the Starter deck;": "der Hauptkartenstapel und der Startkartenstapel;",
    "a pile of :star: tokens.": "ein Vorrat an :star:-Spielsteinen.",
    "Setting up": "Spielvorbereitung",
    "Each player takes a Starter deck, shuffles it and draws 3 cards.":
        "Jeder Spieler nimmt einen Startkartenstapel, mischt ihn und zieht 3 Karten.",
    "Shuffle the Main deck and lay out its top 4 cards face up: the market.":
        "Mischt den Hauptkartenstapel und legt die obersten 4 Karten offen aus: die "
        "Marktauslage.",
    "Your turn": "Dein Spielzug",
    "Play cards from your hand and do what they say. Then you may buy one card from the "
    "market: pay its cost in :star:, and put it in your discard pile.":
        "Spiele Karten aus deiner Hand und führe sie aus. Danach darfst du eine Karte aus "
        "der Marktauslage kaufen: Bezahle ihre Kosten in :star: und lege sie auf deinen "
        "Ablagestapel.",
    "Cards that give you stars: {cards tag=gains-stars}.":
        "Sternengewinnkarten: {cards tag=gains-stars}.",
    "Cards that draw more cards:": "Karten, die weitere Karten nachziehen:",
    "{card 080} hurts everyone, you too: play it when your hand is nearly empty.":
        "{card 080} trifft alle, auch dich: Spiele es, wenn deine Kartenhand fast leer ist.",
    "End of the game": "Spielende",
    "When the market cannot be filled, the player with the most :star: wins.":
        "Kann die Marktauslage nicht mehr aufgefüllt werden, gewinnt der Spieler mit den "
        "meisten :star:.",
    "Words used on the cards": "Begriffe auf den Karten",
    "Draw": "Ziehen",
    "Take the top card of your deck into your hand.":
        "Nimm die oberste Karte deines Nachziehstapels auf die Hand.",
    "Discard": "Abwerfen",
    "Put a card from your hand on your discard pile.":
        "Lege eine Karte aus deiner Hand auf deinen Ablagestapel.",
    "Gain": "Erhalten",
    "Take that many :star: tokens from the supply.":
        "Nimm so viele :star:-Spielsteine aus dem allgemeinen Vorrat.",
    "Quick reference": "Kurzübersicht",
    "Moon: quick reference": "Mond: Kurzübersicht",
    "Play cards from your hand and do what they say.":
        "Spiele Karten aus deiner Hand und führe sie aus.",
    "Buy one card from the market: pay its cost in :star:.":
        "Kaufe eine Karte aus der Marktauslage: Bezahle ihre Kosten in :star:.",
    "Discard your hand and draw 3 cards.": "Wirf deine Kartenhand ab und ziehe 3 Karten.",
    "Keywords": "Schlüsselwörter",
    "**Draw**: take the top card of your deck. **Discard**: put a card from your hand on "
    "your discard pile. **Gain**: take :star: tokens from the supply.":
        "**Ziehen**: Nimm die oberste Karte deines Nachziehstapels. **Abwerfen**: Lege eine "
        "Karte aus deiner Hand auf deinen Ablagestapel. **Erhalten**: Nimm :star:-Spielsteine "
        "aus dem Vorrat.",
}

POLISH = {
    "Moon": "Księżyc",
    "Original game by Jane Doe": "Oryginalna gra Jane Doe",
    "All rights reserved": "Wszelkie prawa zastrzeżone",
    "https://en.wikipedia.org/wiki/All_rights_reserved":
        "https://en.wikipedia.org/wiki/All_rights_reserved",
    "© 2026 Jane Doe.": "© 2026 Jane Doe.",
    "Character": "Postać",
    "character": ("postać", "postacie", "postaci"),
    "Item": "Przedmiot",
    "item": ("przedmiot", "przedmioty", "przedmiotów"),
    "Event": "Wydarzenie",
    "event": ("wydarzenie", "wydarzenia", "wydarzeń"),
    "Main deck": "Talia główna",
    "Starter deck": "Talia startowa",
    "Starter": "Start",
    "Star": "Gwiazda",
    "Cards that draw cards": "Karty dobierające karty",
    "Cards that gain stars": "Karty dające gwiazdy",
    "Cost": "Koszt",
    "Art": "Ilustracja",
    "Flavour text": "Tekst fabularny",
    "card 001 name": "Wędrowny Zwiadowca",
    "card 001 text 1": "Gdy zagrywasz Zwiadowcę, Dobierz 1 kartę.",
    "card 001 flavour": "Każda droga gdzieś się zaczyna.",
    "card 002 name": "Strażnik Starej Bramy",
    "card 002 text 1": "Na początku swojej tury Zdobądź 1 :star:. Gdy Strażnik opuszcza grę, "
                       "Zdobądź 2 :star:.",
    "card 003 name": "Uczeń",
    "card 003 text 1": "Zdobądź 1 :star:.",
    "card 050 name": "Latarnia",
    "card 050 text 1": "Odrzuć Latarnię, aby Dobrać 2 karty.",
    "card 050 flavour": "Widziała więcej nocy niż ty.",
    "card 051 name": "Plecak Podróżny",
    "card 051 text 1": "Dobierz 1 kartę, potem Odrzuć 1 kartę.",
    "card 080 name": "Nagła Burza",
    "card 080 text 1": "Każdy gracz Odrzuca 1 kartę. Zdobywasz 1 :star: za każdą tak "
                       "odrzuconą kartę.",
    "How to play Moon": "Jak grać w Księżyc",
    "These are the rules of Moon, written as Markdown. Each file in this folder whose name "
    "starts with a number is a chapter of the manual, in file name order. Replace this text "
    "with your own rules.":
        "Oto zasady gry Księżyc, zapisane w Markdown. Każdy plik w tym folderze, którego "
        "nazwa zaczyna się od liczby, jest rozdziałem instrukcji, w kolejności nazw plików. "
        "Zastąp ten tekst własnymi zasadami.",
    "Components": "Elementy gry",
    "the Main deck and the Starter deck;": "talia główna i talia startowa;",
    "a pile of :star: tokens.": "stos żetonów :star:.",
    "Setting up": "Przygotowanie",
    "Each player takes a Starter deck, shuffles it and draws 3 cards.":
        "Każdy gracz bierze talię startową, tasuje ją i dobiera 3 karty.",
    "Shuffle the Main deck and lay out its top 4 cards face up: the market.":
        "Potasujcie talię główną i wyłóżcie jej 4 wierzchnie karty odkryte: to targ.",
    "Your turn": "Twoja tura",
    "Play cards from your hand and do what they say. Then you may buy one card from the "
    "market: pay its cost in :star:, and put it in your discard pile.":
        "Zagrywaj karty z ręki i wykonuj ich polecenia. Potem możesz kupić jedną kartę z "
        "targu: zapłać jej koszt w :star: i połóż ją na swoim stosie kart odrzuconych.",
    "Cards that give you stars: {cards tag=gains-stars}.":
        "Karty dające gwiazdy: {cards tag=gains-stars}.",
    "Cards that draw more cards:": "Karty dobierające kolejne karty:",
    "{card 080} hurts everyone, you too: play it when your hand is nearly empty.":
        "{card 080} szkodzi wszystkim, także tobie: zagraj ją, gdy twoja ręka jest prawie "
        "pusta.",
    "End of the game": "Koniec gry",
    "When the market cannot be filled, the player with the most :star: wins.":
        "Gdy targu nie da się uzupełnić, wygrywa gracz z największą liczbą :star:.",
    "Words used on the cards": "Słowa używane na kartach",
    "Draw": "Dobierz",
    "Take the top card of your deck into your hand.": "Weź wierzchnią kartę swojej talii do "
                                                      "ręki.",
    "Discard": "Odrzuć",
    "Put a card from your hand on your discard pile.":
        "Połóż kartę z ręki na swoim stosie kart odrzuconych.",
    "Gain": "Zdobądź",
    "Take that many :star: tokens from the supply.": "Weź tyle żetonów :star: z zasobów.",
    "Quick reference": "Skrót zasad",
    "Moon: quick reference": "Księżyc: skrót zasad",
    "Play cards from your hand and do what they say.":
        "Zagrywaj karty z ręki i wykonuj ich polecenia.",
    "Buy one card from the market: pay its cost in :star:.":
        "Kup jedną kartę z targu: zapłać jej koszt w :star:.",
    "Discard your hand and draw 3 cards.": "Odrzuć karty z ręki i dobierz 3 karty.",
    "Keywords": "Słowa kluczowe",
    "**Draw**: take the top card of your deck. **Discard**: put a card from your hand on "
    "your discard pile. **Gain**: take :star: tokens from the supply.":
        "**Dobierz**: weź wierzchnią kartę swojej talii. **Odrzuć**: połóż kartę z ręki na "
        "stosie kart odrzuconych. **Zdobądź**: weź żetony :star: z zasobów.",
}

JAPANESE = {
    "Moon": "ムーン",
    "Original game by Jane Doe": "原作：ジェーン・ドウ",
    "All rights reserved": "無断転載を禁じます",
    "https://en.wikipedia.org/wiki/All_rights_reserved":
        "https://en.wikipedia.org/wiki/All_rights_reserved",
    "© 2026 Jane Doe.": "© 2026 Jane Doe.",
    "Character": "キャラクター",
    "character": ("キャラクター",),
    "Item": "アイテム",
    "item": ("アイテム",),
    "Event": "イベント",
    "event": ("イベント",),
    "Main deck": "メインデッキ",
    "Starter deck": "スターターデッキ",
    "Starter": "スターター",
    "Star": "星",
    "Cards that draw cards": "カードを引くカード",
    "Cards that gain stars": "星を得るカード",
    "Cost": "コスト",
    "Art": "イラスト",
    "Flavour text": "フレーバーテキスト",
    "card 001 name": "さすらいの斥候",
    "card 001 text 1": "斥候をプレイしたとき、カードを1枚引く。",
    "card 001 flavour": "すべての道はどこかから始まる。",
    "card 002 name": "古き門の番人",
    "card 002 text 1": "あなたのターンの開始時に、:star:を1つ得る。番人が場を離れたとき、"
                       ":star:を2つ得る。",
    "card 003 name": "見習い",
    "card 003 text 1": ":star:を1つ得る。",
    "card 050 name": "ランタン",
    "card 050 text 1": "ランタンを捨て札にして、カードを2枚引く。",
    "card 050 flavour": "それはあなたよりも多くの夜を見てきた。",
    "card 051 name": "旅の荷袋",
    "card 051 text 1": "カードを1枚引き、その後カードを1枚捨てる。",
    "card 080 name": "突然の嵐",
    "card 080 text 1": "各プレイヤーはカードを1枚捨てる。この方法で捨てられたカード1枚につき、"
                       ":star:を1つ得る。",
    "How to play Moon": "ムーンの遊び方",
    "These are the rules of Moon, written as Markdown. Each file in this folder whose name "
    "starts with a number is a chapter of the manual, in file name order. Replace this text "
    "with your own rules.":
        "これはMarkdownで書かれたムーンのルールです。このフォルダーの中で名前が数字で始まる"
        "ファイルは、ファイル名の順に並んだ説明書の章になります。この文章をあなた自身のルール"
        "に書き換えてください。",
    "Components": "内容物",
    "the Main deck and the Starter deck;": "メインデッキとスターターデッキ、",
    "a pile of :star: tokens.": ":star:トークンの山。",
    "Setting up": "準備",
    "Each player takes a Starter deck, shuffles it and draws 3 cards.":
        "各プレイヤーはスターターデッキを1つ取り、シャッフルしてカードを3枚引きます。",
    "Shuffle the Main deck and lay out its top 4 cards face up: the market.":
        "メインデッキをシャッフルし、上から4枚のカードを表向きに並べます。これがマーケット"
        "です。",
    "Your turn": "あなたのターン",
    "Play cards from your hand and do what they say. Then you may buy one card from the "
    "market: pay its cost in :star:, and put it in your discard pile.":
        "手札からカードをプレイし、その指示に従います。その後、マーケットからカードを1枚"
        "購入できます。そのコストを:star:で支払い、自分の捨て札の山に置きます。",
    "Cards that give you stars: {cards tag=gains-stars}.":
        "星を与えるカード：{cards tag=gains-stars}。",
    "Cards that draw more cards:": "さらにカードを引くカード：",
    "{card 080} hurts everyone, you too: play it when your hand is nearly empty.":
        "{card 080}はあなたを含む全員に影響します。手札がほとんどないときにプレイしましょう。",
    "End of the game": "ゲームの終了",
    "When the market cannot be filled, the player with the most :star: wins.":
        "マーケットを補充できなくなったら、:star:を最も多く持つプレイヤーの勝利です。",
    "Words used on the cards": "カードで使われる用語",
    "Draw": "引く",
    "Take the top card of your deck into your hand.": "自分のデッキの一番上のカードを手札に"
                                                      "加える。",
    "Discard": "捨てる",
    "Put a card from your hand on your discard pile.": "手札のカードを1枚、自分の捨て札の山に"
                                                       "置く。",
    "Gain": "得る",
    "Take that many :star: tokens from the supply.": "その数の:star:トークンをサプライから"
                                                     "取る。",
    "Quick reference": "早見表",
    "Moon: quick reference": "ムーン：早見表",
    "Play cards from your hand and do what they say.": "手札からカードをプレイし、その指示に"
                                                       "従う。",
    "Buy one card from the market: pay its cost in :star:.":
        "マーケットからカードを1枚購入する。コストは:star:で支払う。",
    "Discard your hand and draw 3 cards.": "手札をすべて捨て、カードを3枚引く。",
    "Keywords": "キーワード",
    "**Draw**: take the top card of your deck. **Discard**: put a card from your hand on "
    "your discard pile. **Gain**: take :star: tokens from the supply.":
        "**引く**：自分のデッキの一番上のカードを取る。**捨てる**：手札のカードを捨て札の山に"
        "置く。**得る**：サプライから:star:トークンを取る。",
}

TRANSLATIONS = {"de": GERMAN, "pl": POLISH, "ja": JAPANESE}

TYPOGRAPHY = {
    "de": {"quotes": "„“‚‘", "bold": [
        {"name": "Ziehe", "pattern": r"\bZieh(e|en)\b", "once": False},
        {"name": "Erhalte", "pattern": r"\bErh(alte|ältst)\b", "once": False},
        {"name": "Wirf", "pattern": r"\bWirf(t)?\b", "once": False}]},
    "pl": {"quotes": "„”‚’", "bold": [
        {"name": "Dobierz", "pattern": r"\bDobierz\b|\bDobrać\b", "once": False},
        {"name": "Zdobądź", "pattern": r"\bZdob(ądź|ywasz)\b", "once": False},
        {"name": "Odrzuć", "pattern": r"\bOdrzu(ć|ca)\b", "once": False}]},
    "ja": {"quotes": "「」『』", "bold": [
        {"name": "引く", "pattern": "引く", "once": False},
        {"name": "得る", "pattern": "得る", "once": False},
        {"name": "捨てる", "pattern": "捨てる", "once": False}]},
}
"""Each edition's card typography: its quotation marks and the words set in bold."""
