"""What each row of docs/agencia-rules-audit.md vouches the chapters say: pure data.

Row id -> the files the row cites, each with the words that carry its clause: Portuguese
phrases that stand within the lines the row cites, English phrases that stand in the
translation of those lines (rules.po; for a card's note, cards.po).  A file is a chapter
of cards/agencia/rules/pt-BR/ (``summaries/...`` for a summary), an example
(``examples/...``) or ``note NNN``, card NNN's note.  Phrases are compared with spaces
and line breaks squashed, so a rewrapped line keeps its clause; a line whose meaning
changes loses its words and fails ``test_rules_audit.py``.
"""

from __future__ import annotations

Cite = tuple[str, tuple[str, ...], tuple[str, ...]]

CLAUSES: dict[str, list[Cite]] = {
    # -- Tutorial: simple mode
    "T1": [("02-modo-simples.md", ("usa só o deck principal",), ("uses only the main deck",)),
           ("04-glossario.md", ("O modo de jogo sem campo, só com o deck principal",),
            ("without the field, with only the main deck",))],
    "T2": [("02-modo-simples.md", ("Cada pessoa recebe 5 cartas na mão",),
            ("a hand of 5 cards",)),
           ("06-partidas.md", ("começa toda **partida** com 5 cartas na mão",),
            ("begins every **round** with 5 cards in hand",))],
    "T3": [("02-modo-simples.md", ("uma carta aberta diante de si", "**estrutura**",
                                   "nunca pode ser uma carta natural"),
            ("one card face up", "can never be a natural card"))],
    "T4": [("02-modo-simples.md", ("faça o que a sua estrutura manda",),
            ("do what your structure says",)),
           ("06-partidas.md", ("cumpre na sua vez exatamente o que a própria estrutura diz",),
            ("carries out exactly what their own structure says",))],
    "T5": [("02-modo-simples.md", ("terminar uma jogada com a mão vazia vence a partida",),
            ("ends a turn with an empty hand wins the round",)),
           ("06-partidas.md", ("O objetivo é terminar uma **jogada** com a mão vazia",),
            ("The goal is to end a **turn** with an empty hand",))],
    "T6": [("06-partidas.md", ("Não existe mão negativa", "descartar 2 e você tem 1 carta",
                               "você não vence, você causa uma crise"),
            ("no such thing as a negative hand", "you do not win, you cause a crisis")),
           ("summaries/simples.md", ("Mandou descartar 2 e você só tem 1? É crise, não vitória",),
            ("crisis, not a win",))],
    "T7": [("12-leitura-das-cartas.md", ("aponta uma única pessoa", "com empate, a instrução "
                                         "não pode ser cumprida e há crise"),
            ("points to a single player", "if there is a tie, the instruction cannot be "
                                          "carried out and there is a crisis")),
           ("07-crises.md", ('"o jogador com mais cartas" com duas pessoas empatadas',),
            ('"the player with the most cards" when two players are tied',))],
    "T8": [("02-modo-simples.md", ("A {card 998} deixa você mudar uma estrutura",
                                   "a {card 999} faz o mesmo"),
            ("{card 998} lets you change a structure", "{card 999} does the same")),
           ("09-cartas-e-alteracoes.md", ("{card 998}: altere uma estrutura",
                                          "{card 999}: altere uma estrutura"),
            ("{card 998}: change a structure", "{card 999}: change a structure"))],
    "T9": [("examples/04-revolta-fracassada.md", ("Ana causou a crise, e quem a causa não a "
                                                  "resolve (a não ser com uma carta como "
                                                  "{card 187}",),
            ("Ana caused the crisis, and whoever causes one does not solve it (except through "
             "a card such as {card 187}",)),
           ("02-modo-simples.md", ("quem tem mais cartas na mão (e não foi quem causou a "
                                   "crise) é obrigado a mudar uma estrutura, qualquer uma",),
            ("whoever has the most cards in hand (other than the player who caused the "
             "crisis) must change a structure, any one",)),
           ("07-crises.md", ("a pessoa da vez não resolve a própria crise",
                             "quem tem mais cartas na mão",
                             "obrigado a alterar uma estrutura, qualquer uma"),
            ("does not solve their own crisis", "the player with the most cards in hand",
             "must change a structure, any structure"))],
    "T10": [("02-modo-simples.md", ("a mão maior tem 4 cartas ou mais que a mão menor",
                                    "quem tem mais cartas pode propor",
                                    "só vale se algum adversário a aprovar"),
             ("4 or more cards more than the smallest", "the player with the most cards may "
              "propose", "only takes effect if some opponent approves it")),
            ("08-revoltas.md", ("**4 cartas ou mais**", "quem tem mais cartas na mão",
                                "um adversário precisa aprová-la"),
             ("**4 cards or more**", "the player with the most cards in hand",
              "an opponent must approve it"))],
    "T11": [("02-modo-simples.md", ("Havendo empate, resolve quem vai jogar antes",
                                    "Havendo empate, quem propõe é quem joga por último"),
             ("whoever is due to play first solves it", "In a tie, the proposer is whoever "
              "plays last")),
            ("summaries/simples.md", ("Empate: a mais próxima de jogar",
                                      "o empate vai para a **última** a jogar"),
             ("Tie: whoever plays soonest", "a tie goes to the **last** to play"))],
    "T12": [("02-modo-simples.md", ("Se não puder, há uma **crise**",
                                    "Se não houve crise, veja se alguém pode e quer fazer uma "
                                    "**revolta**", "Sem crise nem revolta, faça o que a sua "
                                    "estrutura manda", "use uma **carta natural**"),
             ("If it cannot, there is a **crisis**", "If there was no crisis, see whether "
              "anyone can and wants to start a **revolt**", "With no crisis and no revolt",
              "use a **natural card**")),
            ("06-partidas.md", ("**Verifique a estrutura.**", "**Revolta.** Sem crise",
                                "**Cumpra a estrutura.** Sem crise e sem revolta",
                                "**Carta natural.** Depois de cumprir a estrutura"),
             ("**Check the structure.**", "**Revolt.** If there is no crisis",
              "**Carry out the structure.** With no crisis and no revolt",
              "**Natural card.** After carrying out the structure"))],
    # -- Tutorial: Bourdieu mode
    "B1": [("03-modo-bourdieu.md", ("Vencer uma partida faz subir uma linha",
                                    "Quem chega à linha 4 vence o **jogo**"),
            ("Winning a round moves you up one row", "Whoever reaches row 4 wins the "
                                                     "**game**")),
           ("05-campo.md", ("Quem vence uma partida sobe uma linha",
                            "Chegar à linha 4 é vencer o **jogo**"),
            ("Whoever wins a round moves up one row", "Reaching row 4 means winning the "
                                                      "**game**"))],
    "B2": [("05-campo.md", ("cinco linhas, numeradas de 0 (embaixo) a 4 (em cima)",
                            "uma coluna por pessoa", "todos estão na linha 0"),
            ("five rows, numbered from 0 (bottom) to 4 (top)", "one column per player",
             "everyone is on row 0"))],
    "B3": [("05-campo.md", ("cada pessoa que está na linha 1 ou acima faz uma **alteração "
                            "no campo**", "A ordem é de baixo para cima"),
            ("each player on row 1 or above makes a **change on the field**",
             "The order is from bottom to top"))],
    "B4": [("05-campo.md", ("Quem está na casa logo acima da sua **bloqueia** você",
                            "acumular **duas vitórias**", "troca de lugar com quem estiver "
                            "bloqueando você naquele momento"),
            ("Whoever is in the square directly above yours **blocks** you",
             "accumulate **two wins**", "swap places with whoever is blocking you at that "
                                        "moment"))],
    "B5": [("03-modo-bourdieu.md", ("alguém pode pedir uma hegemonia",),
            ("someone can claim a hegemony",)),
           ("11-ideologias-e-hegemonia.md", ("as hegemonias só existem no modo Bourdieu",),
            ("hegemonies exist only in Bourdieu mode",))],
    "B6": [("03-modo-bourdieu.md", ("O deck principal é sempre usado",
                                    "podem ser somados a ele, em qualquer combinação"),
            ("The main deck is always used", "can be added to it, in any combination")),
           ("04-glossario.md", ("Joga-se com o deck principal, sozinho ou somado a qualquer "
                                "combinação dos outros decks",),
            ("with the main deck, alone or with any combination of the other decks",))],
    # -- Glossary
    "G1": [("04-glossario.md", ("Mover uma pessoa, que pode ser você mesmo, uma coluna para o "
                                "lado no campo",),
            ("Moving a player, who may be yourself, one column sideways on the field",))],
    "G2": [("04-glossario.md", ("Pôr uma carta estrutural da sua mão no lugar de uma estrutura",
                                "a carta que estava lá vai para a sua mão"),
            ("Putting a structural card from your hand in place of a structure",
             "the card that was there goes to your hand"))],
    "G3": [("04-glossario.md", ("precisa de duas vitórias acumuladas para subir",),
            ("needs to accumulate two wins to move up",)),
           ("05-campo.md", ("o bloqueio pode até sumir e voltar nesse meio-tempo, com a mesma "
                            "pessoa ou com outra",),
            ("the block may even disappear and come back in the meantime, with the same "
             "player or another",))],
    "G4": [("04-glossario.md", ("funciona como placar do jogo",),
            ("serves as the game's scoreboard",))],
    "G5": [("04-glossario.md", ("Pegar cartas do topo do monte para a mão",),
            ("Taking cards from the top of the draw pile into your hand",))],
    "G6": [("04-glossario.md", ("não produz efeito e alguém (em regra, outra pessoa) tem de "
                                "alterar uma estrutura",),
            ("it has no effect, and someone (as a rule, another player) must change a "
             "structure",)),
           ("07-crises.md", ("inclusive a que causou a crise", "Uma crise precisa ser "
                             "resolvida: se ninguém puder, a partida é encerrada sem vencedor"),
            ("including the one that caused the crisis", "A crisis must be solved: if no one "
             "can solve it, the round ends with no winner"))],
    "G7": [("04-glossario.md", ("O deck principal é obrigatório",),
            ("The main deck is required",)),
           ("03-modo-bourdieu.md", ("O deck principal é sempre usado",),
            ("The main deck is always used",))],
    "G8": [("04-glossario.md", ("Duas ou mais pessoas chegando ao mesmo tempo à linha 4",),
            ("Two or more players reaching row 4 of the field at the same time",)),
           ("05-campo.md", ("duas pessoas podem chegar juntas ao topo, e o jogo termina "
                            "empatado",),
            ("two players can reach the top together, and the game ends in a tie",))],
    "G9": [("04-glossario.md", ("Mais de uma pessoa esvaziando a mão na mesma jogada",
                                "Sem uma carta que permita vitória compartilhada, isso é uma "
                                "crise"),
            ("More than one player emptying their hand in the same turn",
             "Without a card that allows a shared win, this is a crisis")),
           ("07-crises.md", ("Mais de uma pessoa ficando sem cartas na mesma jogada",),
            ("More than one player running out of cards on the same turn",))],
    "G10": [("04-glossario.md", ("É obrigatório quando ninguém consegue resolver uma crise",
                                 "quando todos concordam"),
             ("It is compulsory when nobody can solve a crisis", "when everyone accepts")),
            ("06-partidas.md", ("quando uma crise fica sem solução", "(é obrigatório)",
                                "quando a mesa toda concorda", "(é uma escolha)"),
             ("when a crisis is left unsolved", "(this is compulsory)",
              "when the whole table agrees", "(this is a choice)"))],
    "G11": [("04-glossario.md", ("Passar cartas da sua mão para a mão de outra pessoa, sem "
                                 "receber nada em troca",),
             ("Passing cards from your hand to another player's hand, without receiving "
              "anything in return",))],
    "G12": [("04-glossario.md", ("Efeito especial", "várias cartas de uma mesma ideologia"),
             ("A special effect", "several cards of the same ideology")),
            ("11-ideologias-e-hegemonia.md", ("pelo menos **2 cartas** da mesma ideologia "
                                              "numa mesa de 3 pessoas",
                                              "pelo menos **3 cartas** numa mesa de 4 ou "
                                              "mais"),
             ("at least **2 cards** of the same ideology at a table of 3 players",
              "at least **3 cards** at a table of 4 or more"))],
    "G13": [("04-glossario.md", ("Um grupo de oito cartas estruturais", "Há sete ideologias"),
             ("A group of eight structural cards", "There are seven ideologies")),
            ("11-ideologias-e-hegemonia.md", ("56 pertencem a uma **ideologia**",
                                              "sete grupos de oito cartas"),
             ("56 belong to an **ideology**", "seven groups of eight cards"))],
    "G14": [("04-glossario.md", ("escondidas dos outros, a não ser que uma carta mande "
                                 "mostrá-las",),
             ("hidden from the others, unless a card says to show them",))],
    "G15": [("04-glossario.md", ("sozinho ou somado a qualquer combinação dos outros decks",),
             ("alone or with any combination of the other decks",)),
            ("03-modo-bourdieu.md", ("em qualquer combinação",), ("in any combination",))],
    "G16": [("04-glossario.md", ("Quando acaba, as cartas descartadas, embaralhadas, passam a "
                                 "ser o monte",),
             ("When it runs out, the discarded cards, shuffled, become the draw pile",)),
            ("06-partidas.md", ("é embaralhada e vira o novo monte quando o anterior acaba, "
                                "quantas vezes for preciso",),
             ("is shuffled and becomes the new draw pile when the previous one runs out, as "
              "many times as needed",))],
    "G17": [("04-glossario.md", ("acaba quando alguém termina uma jogada de mão vazia",),
             ("ends when someone finishes a turn with an empty hand",)),
            ("05-campo.md", ("Quem vence uma partida sobe uma linha",),
             ("Whoever wins a round moves up one row",))],
    "G18": [("04-glossario.md", ("quebra as regras de má-fé", "informação falsa (por querer ou "
                                 "sem querer)", "conselhos de tática ou estratégia"),
             ("breaking the rules in bad faith", "false information to opponents (on purpose "
              "or not)", "tactical or strategic advice"))],
    "G19": [("04-glossario.md", ("precisa da aprovação de um adversário",),
             ("needs an opponent's approval",))],
    "G20": [("04-glossario.md", ("receber cartas de uma mão em troca", "de mão a mão, com uma "
                                 "só pessoa, ou em roda"),
             ("receiving cards from a hand in return", "hand to hand, with a single player, "
              "or round the table"))],
    "G21": [("04-glossario.md", ("cada pessoa joga ao menos uma vez",
                                 "conta-se para trás a partir da jogada atual, até chegar a "
                                 "uma jogada de cada pessoa",
                                 "é cada vez que todos já jogaram desde o fim do turno "
                                 "anterior"),
             ("every player plays at least once", "counted backwards from the current turn "
              "until it holds a turn of every player", "each time everyone has played since "
              "the previous rotation ended"))],
    "G22": [("04-glossario.md", ("Todas as estruturas que estão na mesa",),
             ("All the structures on the table",)),
            ("06-partidas.md", ("O conjunto das estruturas da mesa é a **sociedade**",),
             ("are the **society**",))],
    "G23": [("04-glossario.md", ("Decidir ao acaso",), ("Deciding by chance",))],
    "G24": [("04-glossario.md", ("Ser quem chega antes de todos à linha 4",
                                 "Ser a única pessoa a terminar uma jogada sem cartas na mão"),
             ("reaches row 4 of the field before everyone else", "Being the only player to end "
              "a turn with no cards in hand")),
            ("summaries/bourdieu.md", ("Quem for a **única** pessoa de mão vazia no fim de uma "
                                       "jogada, seja a jogada de quem for, **vence a partida**",),
             ("The **only** player with an empty hand at the end of a turn, whoever's turn it "
              "is, **wins the round**",))],
    # -- Rules: general
    "R1": [("03-modo-bourdieu.md", ("As regras dos capítulos seguintes são as do modo "
                                    "Bourdieu", "ignore o que fala de campo"),
            ("The rules in the following chapters are those of Bourdieu mode",
             "ignore whatever concerns the field")),
           ("01-introducao.md", ("escritas pensando no modo Bourdieu",),
            ("written with Bourdieu mode in mind",))],
    "R2": [("06-partidas.md", ("pede pelo menos 3 pessoas", "Não há um limite rígido",
                               "funciona bem até 6"),
            ("needs at least 3 players", "There is no strict upper limit",
             "works well with up to 6")),
           ("02-modo-simples.md", ("Reúna 3 pessoas ou mais",), ("Gather 3 or more players",)),
           ("summaries/simples.md", ("**Para 3 pessoas ou mais",), ("**For 3 or more players",)),
           ("summaries/bourdieu.md", ("**Para 3 pessoas ou mais",),
            ("**For 3 or more players",))],
    "R3": [("05-campo.md", ("cinco linhas", "uma coluna por pessoa"),
            ("five rows", "one column per player"))],
    "R4": [("05-campo.md", ("Qualquer pessoa pode cuidar das anotações",),
            ("Anyone may keep score",))],
    # -- Field
    "F1": [("05-campo.md", ("cinco linhas, numeradas de 0 (embaixo) a 4 (em cima)",
                            "uma coluna por pessoa"),
            ("five rows, numbered from 0 (bottom) to 4 (top)", "one column per player"))],
    "F2": [("05-campo.md", ("todos estão na linha 0", "a ordem das colunas é combinada ou "
                                                      "sorteada"),
            ("everyone is on row 0", "the order of the columns is agreed or picked at "
                                     "random"))],
    "F3": [("05-campo.md", ("sobe uma linha na própria coluna, uma de cada vez, e só se a casa "
                            "de cima estiver vazia",),
            ("moves up one row in their own column, one row at a time, and only if the "
             "square above is empty",))],
    "F4": [("05-campo.md", ("cada pessoa que está na linha 1 ou acima", "move alguém, ela "
                            "mesma inclusive"),
            ("each player on row 1 or above", "they move someone, themselves included"))],
    "F5": [("05-campo.md", ("uma coluna para a esquerda ou para a direita",
                            "ninguém passa da última coluna para a primeira"),
            ("one column to the left or to the right", "no one passes from the last column "
                                                       "to the first"))],
    "F6": [("05-campo.md", ("A ordem é de baixo para cima", "move primeiro quem chegou lá mais "
                            "recentemente", "quem ocupa a linha mais alta há mais tempo"),
            ("The order is from bottom to top", "whoever got there most recently moves "
             "first", "whoever has been on the highest row the longest"))],
    "F7": [("05-campo.md", ("Se não der para decidir a ordem, sorteie",),
            ("If the order cannot be decided, pick at random",))],
    "F8": [("05-campo.md", ("Uma vitória, nesse caso, não basta para subir",
                            "Entre uma e outra pode passar o tempo que for"),
            ("A single win is then not enough to move up", "Any amount of time may pass "
                                                           "between them"))],
    "F9": [("05-campo.md", ("essa pessoa desce para a sua casa",),
            ("that player moves down to your square",))],
    "F10": [("05-campo.md", ("num momento em que ninguém bloqueia você, você simplesmente "
                             "sobe",),
             ("at a moment when nobody blocks you, you simply move up",))],
    "F11": [("05-campo.md", ("Se você subir ou descer de linha, a contagem recomeça",),
             ("If you move up or down a row, the count starts over",))],
    "F12": [("05-campo.md", ("Chegar à linha 4 é vencer o **jogo**",),
             ("Reaching row 4 means winning the **game**",))],
    # -- Cards that influence the field
    "C1": [("05-campo.md", ("Mudam quem sobe ou como sobe quando a partida termina: "
                            "{cards tag=campo-depois-da-partida}",),
            ("when the round ends: {cards tag=campo-depois-da-partida}",))],
    "C2": [("05-campo.md", ("Movem pessoas no campo na hora em que a estrutura é cumprida",
                            "{cards tag=campo-durante-a-partida}"),
            ("They move players on the field at the moment the structure is carried out",))],
    "C3": [("05-campo.md", ("O efeito muda conforme a linha em que as pessoas estão",
                            "{cards tag=depende-do-campo}"),
            ("Their effect varies with the rows the players are on",))],
    "C4": [("05-campo.md", ("Impedem ou limitam alterações no campo",
                            "{cards tag=protege-o-campo}"),
            ("Prevent or limit changes on the field",))],
    "C5": [("note 140", ("as feitas no meio da partida", "As 2 cartas são compradas por quem "
                                                         "fez a alteração"),
            ("those made during the round", "Whoever made the change draws the 2 cards"))],
    "C6": [("05-campo.md", ("duas ou mais pessoas podem vencer a mesma partida",
                            "{cards tag=vitoria-compartilhada}"),
            ("two or more players can win the same round",))],
    "C7": [("05-campo.md", ("essa vitória leva o bloqueador à linha 4, ele vence o jogo",),
            ("that win takes the blocker to row 4, the blocker wins the game",))],
    "C8": [("05-campo.md", ("Quando uma dessas cartas deixa a ordem das alterações "
                            "indefinida, sorteie",),
            ("When one of these cards leaves the order of changes undetermined, pick at "
             "random",))],
    # -- Partidas
    "P1": [("06-partidas.md", ("Tanto faz quem embaralha e quem distribui",),
            ("It does not matter who shuffles or who deals",))],
    "P2": [("06-partidas.md", ("Na primeira partida do jogo, sorteie quem começa",),
            ("In the game's first round, pick at random who starts",)),
           ("02-modo-simples.md", ("Sorteie quem joga primeiro",),
            ("Pick at random who plays first",))],
    "P3": [("06-partidas.md", ("com 5 cartas na mão", "uma **estrutura** aberta à sua frente",
                               "O conjunto das estruturas da mesa é a **sociedade**"),
            ("with 5 cards in hand", "a face-up **structure** in front of them",
             "are the **society**"))],
    "P4": [("06-partidas.md", ("virado para baixo no centro; compra-se sempre do topo",
                               "quantas vezes for preciso"),
            ("face down in the centre; you always draw from the top", "as many times as "
                                                                      "needed"))],
    "P5": [("06-partidas.md", ("o fluxo é horário",), ("play flows clockwise",)),
           ("02-modo-simples.md", ("A vez passa no sentido horário",),
            ("Play passes clockwise",))],
    "P6": [("06-partidas.md", ("Nas seguintes, começa quem venceu a anterior, e o fluxo segue "
                               "no sentido em que ela terminou",),
            ("In later rounds, the winner of the previous round starts",))],
    "P7": [("06-partidas.md", ("começa quem venceu a última partida que teve vencedor",
                               "Se ninguém venceu ainda, sorteie de novo"),
            ("the winner of the last round that had a winner starts", "If no one has won "
                                                                      "yet, pick at random "
                                                                      "again")),
           ("summaries/bourdieu.md", ("Depois de uma partida sem vencedor, começa quem venceu "
                                      "a última partida que teve vencedor",
                                      "sorteie de novo"),
            ("After a round without a winner, the winner of the last round that had one "
             "starts", "draw lots again"))],
    "P8": [("06-partidas.md", ("Não existe mão negativa", "conta o fim de qualquer jogada"),
            ("no such thing as a negative hand", "what matters is the end of any turn"))],
    "P9": [("06-partidas.md", ("exatamente o que a própria estrutura diz",),
            ("exactly what their own structure says",)),
           ("07-crises.md", ("não consegue fazer exatamente o que a sua estrutura exige",
                             "alguém tem de alterar uma estrutura"),
            ("cannot do exactly what their structure demands", "someone has to change a "
                                                               "structure"))],
    "P10": [("06-partidas.md", ("quem está jogando escolhe", "só entre as pessoas que podem "
                                "ser escolhidas", "A crise só acontece se não houver escolha "
                                "possível"),
             ("the player whose turn it is chooses", "only among the players who can be "
              "chosen", "A crisis happens only if no choice is possible")),
            ("12-leitura-das-cartas.md", ("abre uma escolha", "ele é relativo a você",
                                          "qualquer pessoa com menos cartas do que você "
                                          "({card 006}; com mais, {card 061})",
                                          "é quem está acima da sua linha ({card 077}, "
                                          "{card 091})", "A crise só vem se nenhuma escolha "
                                                         "possível permitir cumprir a carta"),
             ("opens a choice", "it is relative to you", "anyone with fewer cards than you "
              "({card 006}; with more, {card 061})", "anyone above your row ({card 077}, "
              "{card 091})", "A crisis comes only if no possible choice allows the card to "
                             "be carried out"))],
    "P11": [("06-partidas.md", ("**8 cartas**", "na linha 1 com 7, na linha 2 com 6 e na "
                                "linha 3 com 5", "Quem desce uma linha volta a ganhar uma "
                                                 "carta"),
             ("**8 cards**", "on row 1 with 7, on row 2 with 6 and on row 3 with 5",
              "gets one card back")),
            ("03-modo-bourdieu.md", ("**poder assimétrico**",), ("**asymmetric power**",)),
            ("summaries/bourdieu.md", ("**8** na linha 0, 7 na 1, 6 na 2, 5 na 3",),
             ("**8** on row 0, 7 on 1, 6 on 2, 5 on 3",))],
    "P12": [("01-introducao.md", ("só entram no modo Bourdieu",),
             ("are used only in Bourdieu mode",))],
    "P13": [("02-modo-simples.md", ("se uma partida terminar sem vencedor (capítulo 6), começa "
                                    "outra",),
             ("if a round ends without a winner (chapter 6), another begins",)),
            ("06-partidas.md", ("Nos dois casos outra partida começa", "também no modo "
                                                                       "simples"),
             ("In both cases another round begins", "in simple mode too")),
            ("summaries/simples.md", ("a partida acaba sem vencedor e outra começa",),
             ("the round ends without a winner and another begins",))],
    "P14": [("06-partidas.md", ("quando a mesa toda concorda",),
             ("when the whole table agrees",))],
    # -- Order of events of a jogada
    "O1": [("06-partidas.md", ("Se alguma parte dela não pode ser cumprida, a carta inteira "
                               "deixa de valer nesta jogada, inclusive as partes que seriam "
                               "possíveis",),
            ("If any part of it cannot be carried out, the whole card has no effect this "
             "turn, including the parts that would be possible",))],
    "O2": [("06-partidas.md", ("alguém, pela ordem de prioridade, altera uma estrutura",),
            ("someone, in order of priority, changes a structure",))],
    "O3": [("06-partidas.md", ("valem os efeitos das estruturas que agem depois de uma "
                               "crise",),
            ("the effects of structures that act after a crisis apply",)),
           ("07-crises.md", ("Agem depois de uma crise: {cards tag=depois-da-crise}",),
            ("{cards tag=depois-da-crise}",))],
    "O4": [("06-partidas.md", ("a jogada termina.",), ("the turn ends.",))],
    "O5": [("06-partidas.md", ("Sem crise, quem tiver direito pode iniciar uma **revolta**",),
            ("If there is no crisis, whoever has the right may start a **revolt**",))],
    "O6": [("06-partidas.md", ("Bem-sucedida ou não, valem em seguida os efeitos das "
                               "estruturas que agem depois de uma revolta, e a jogada "
                               "termina",),
            ("Successful or not, the effects of structures that act after a revolt then "
             "apply, and the turn ends",)),
           ("08-revoltas.md", ("Estas cartas agem logo depois de uma revolta",),
            ("act right after a revolt",))],
    "O7": [("06-partidas.md", ("Sem crise e sem revolta, você faz o que a sua estrutura "
                               "manda",),
            ("With no crisis and no revolt, you do what your structure says",))],
    "O8": [("06-partidas.md", ("Depois de cumprir a estrutura, quem joga pode usar uma carta "
                               "natural",),
            ("After carrying out the structure, the player whose turn it is may use a "
             "natural card",)),
           ("09-cartas-e-alteracoes.md", ("na sua vez, depois de cumprir a sua estrutura",),
            ("on your turn, after carrying out your structure",))],
    "O9": [("06-partidas.md", ("Nunca antes da crise, da revolta ou da estrutura",
                               "A condição de uma carta natural é verificada depois da "
                               "estrutura cumprida"),
            ("Never before the crisis, the revolt or the structure", "A natural card's "
             "condition is checked once the structure has been carried out"))],
    "O10": [("06-partidas.md", ("nunca depois de uma crise ou revolta, porque a jogada já "
                                "acabou",),
             ("never after a crisis or revolt, because the turn is already over",)),
            ("08-revoltas.md", ("não cumpre a estrutura nem usa carta natural numa jogada com "
                                "revolta",),
             ("neither carries out their structure nor uses a natural card on a turn with a "
              "revolt",))],
    "O11": [("06-partidas.md", ("Se uma estrutura teve o efeito anulado por outra sem causar "
                                "crise, a carta natural ainda pode ser usada",),
             ("If a structure had its effect cancelled by another without causing a crisis, "
              "the natural card can still be used",))],
    # -- Crises
    "K1": [("07-crises.md", ("não consegue fazer exatamente o que a sua estrutura exige",),
            ("cannot do exactly what their structure demands",))],
    "K2": [("07-crises.md", ("Crises nascem de **ações**, não de regras",
                             "a crise vem depois, quando alguma estrutura mandar essa pessoa "
                             "comprar"),
            ("Crises arise from **actions**, not from rules", "the crisis comes later, when "
             "some structure tells that player to draw")),
           ("12-leitura-das-cartas.md", ("uma proibição só gera crise quando alguma estrutura "
                                         "mandar fazer justamente o que está proibido",),
            ("a prohibition creates a crisis only when some structure orders exactly what "
             "is forbidden",))],
    "K3": [("12-leitura-das-cartas.md", ('**"O jogador…"**', "aponta uma única pessoa",
                                         '**"O(s) jogador(es)…"** mantém o critério absoluto, '
                                         "mas aceita empates"),
            ('**"The player…"**', "points to a single player", "keeps the absolute "
                                                               "criterion but allows ties"))],
    "K4": [("07-crises.md", ("descartar mais cartas do que se tem",),
            ("discarding more cards than you have",))],
    "K5": [("07-crises.md", ("entregar cartas a si mesmo ou trocar consigo mesmo (como "
                             "{card 062} quando você está entre quem tem mais cartas)",),
            ("giving cards to yourself or swapping with yourself (as with {card 062} when you "
             "are among the players with the most cards)",))],
    "K6": [("07-crises.md", ("Nessa jogada a estrutura não produz efeito nenhum",
                             "inclusive a que causou a crise"),
            ("On that turn the structure has no effect at all", "including the one that "
                                                                "caused the crisis"))],
    "K7": [("07-crises.md", ("A exceção é uma estrutura que lhe dê essa prioridade, como "
                             "{card 187}", "Mudam quem resolve as crises: "
                                           "{cards tag=prioridade-de-crise}"),
            ("The exception is a structure that gives them that priority, such as "
             "{card 187}", "{cards tag=prioridade-de-crise}")),
           ("summaries/simples.md", ("nunca quem causou a crise, a não ser que uma estrutura dê "
                                     "a prioridade a outra pessoa ({card 029})",),
            ("never whoever caused the crisis, unless a structure gives priority to someone "
             "else ({card 029})",)),
           ("summaries/bourdieu.md", ("não quem causou; {cards tag=prioridade-de-crise} mudam "
                                      "isso",),
            ("not who caused it; {cards tag=prioridade-de-crise} change this",))],
    "K8": [("07-crises.md", ("Quando duas delas apontam pessoas diferentes, a ordem de "
                             "prioridade comum decide entre essas pessoas",),
            ("When two of them point to different players, the ordinary order of priority "
             "decides between those players",))],
    "K9": [("07-crises.md", ("dá a prioridade a quem resolveu a última crise da partida",
                             "enquanto ninguém tiver resolvido uma, a jogada de quem a tem "
                             "como estrutura causa crise"),
            ("gives the priority to whoever solved the last crisis of the round", "as long as "
             "nobody has solved one, the turn of the player who has it as structure causes a "
             "crisis")),
           ("examples/04-revolta-fracassada.md", ("a jogada de quem a tem como estrutura é "
                                                  "uma crise",),
            ("the turn of the player who has it as structure is a crisis",))],
    "K10": [("07-crises.md", ("quem tem mais cartas na mão", "entre essas, quem está na linha "
                              "mais alta do campo", "quem vai jogar antes, seguindo o fluxo"),
             ("the player with the most cards in hand", "among them, the one on the highest "
              "row of the field", "the one due to play soonest, following the flow")),
            ("summaries/bourdieu.md", ("linha mais **alta**; depois, a mais próxima de jogar",),
             ("**highest** row; then whoever plays soonest",))],
    "K11": [("07-crises.md", ("porque uma estrutura o proíbe ou porque só tem cartas naturais "
                              "na mão, a obrigação passa à próxima pessoa da fila",),
             ("because a structure forbids it or because they hold only natural cards, the "
              "obligation passes to the next player in the queue",))],
    "K12": [("07-crises.md", ("se ninguém puder, a partida é encerrada sem vencedor",),
             ("if no one can solve it, the round ends with no winner",)),
            ("06-partidas.md", ("Nos dois casos outra partida começa",),
             ("In both cases another round begins",))],
    "K13": [("07-crises.md", ("Resolver uma crise não diminui a mão",),
             ("Solving a crisis does not shrink your hand",)),
            ("04-glossario.md", ("Por isso alterar uma estrutura não diminui a sua mão",),
             ("That is why changing a structure does not shrink your hand",))],
    "K14": [("09-cartas-e-alteracoes.md", ("Cancelam ou limitam o efeito de outras estruturas, "
                                           "no todo ou em parte, sem causar crise",),
             ("They cancel or limit the effect of other structures, wholly or in part, "
              "without causing a crisis",))],
    "K15": [("note 007", ("recebe as 2 antes de passá-las adiante",
                          "descarta a última e vence a partida",
                          "Se dois ou mais tiverem 1 carta cada, há crise"),
             ("receives the 2 before passing them on", "discards the last one and wins the "
              "round", "If two or more have 1 card each, there is a crisis"))],
    "K16": [("12-leitura-das-cartas.md", ("Só um efeito direto causa crise",
                                          "o aviso \"Causa crise…\" fica sempre numa caixa "
                                          "branca"),
             ("Only a direct effect causes a crisis", "always sits in a white box"))],
    # -- Revolts
    "V1": [("08-revoltas.md", ("o outro caminho para mudar uma estrutura",
                               "pôr uma carta da própria mão no lugar de uma estrutura"),
            ("the other way to change a structure", "putting a card from their own hand in "
                                                    "place of a structure"))],
    "V2": [("08-revoltas.md", ("Só depois da primeira crise da partida",),
            ("Only after the round's first crisis",))],
    "V3": [("08-revoltas.md", ("Nunca na mesma jogada de uma crise: a crise vem primeiro",),
            ("Never on the same turn as a crisis: the crisis comes first",))],
    "V4": [("08-revoltas.md", ("Depois de cada revolta, bem-sucedida ou não, a próxima só pode "
                               "vir depois de outra crise",),
            ("After each revolt, successful or not, the next one can only come after "
             "another crisis",)),
           ("summaries/simples.md", ("**uma por crise**",), ("**one per crisis**",)),
           ("summaries/bourdieu.md", ("uma por crise",), ("one per crisis",))],
    "V5": [("08-revoltas.md", ("Nos dois casos, a jogada em que a revolta aconteceu termina "
                               "ali",),
            ("Either way, the turn on which the revolt took place ends there",))],
    "V6": [("08-revoltas.md", ("**4 cartas ou mais**", "Três não bastam"),
            ("**4 cards or more**", "Three are not enough"))],
    "V7": [("08-revoltas.md", ("Uma só pessoa tem esse direito", "quem tem mais cartas na mão",
                               "quem está na linha mais baixa do campo",
                               "quem joga por último na ordem do fluxo"),
            ("Only one player holds this right", "the player with the most cards in hand",
             "the one on the lowest row of the field", "the one who plays last"))],
    "V8": [("08-revoltas.md", ("pode deixar para depois", "o direito continua com ela"),
            ("may put it off", "the right stays with them"))],
    "V9": [("08-revoltas.md", ("um adversário precisa aprová-la", "sem ela, nada muda"),
            ("an opponent must approve it", "without it, nothing changes"))],
    "V10": [("note 003", ("o direito não passa ao seguinte", "nenhuma revolta pode começar"),
             ("the right does not pass to the next one", "no revolt can start"))],
    # -- Cards that change structures
    "N1": [("09-cartas-e-alteracoes.md", ("Várias cartas fazem isso diretamente",
                                          "sem crise nem revolta"),
            ("Several cards do it directly", "without a crisis or a revolt"))],
    "N2": [("09-cartas-e-alteracoes.md", ("nunca viram estrutura", "Você as descarta da mão"),
            ("never become structures", "You discard them from your hand"))],
    "N3": [("09-cartas-e-alteracoes.md", ("só pode ser descartada depois de cumpridos os efeitos "
                                          "da sua estrutura", "pode ser usada na mesma jogada "
                                          "em que foi comprada"),
            ("can be discarded only after the effects of your structure have been carried "
             "out", "can be used in the same turn it was drawn"))],
    "N4": [("09-cartas-e-alteracoes.md", ("o descarte que deixa a sua mão vazia",
                                          "você vence a partida na hora, sem cumprir o "
                                          "efeito"),
            ("the discard that empties your hand", "you win the round at once, without "
             "carrying out the effect"))],
    "N5": [("09-cartas-e-alteracoes.md", ("Quem a descarta tem de cumprir o efeito dela",
                                          "não dá a ninguém o direito"),
            ("Whoever discards it must carry out its effect", "gives nobody the right"))],
    "N6": [("09-cartas-e-alteracoes.md", ("só se você for a única pessoa com o menor número de "
                                          "cartas na mão",),
            ("only if you are the only player with the fewest cards in hand",)),
           ("summaries/simples.md", ("só se você for a **única** pessoa com menos cartas na "
                                     "mão",),
            ("only if you are the **only** player with the fewest cards in hand",))],
    "N7": [("09-cartas-e-alteracoes.md", ("{card 997}: altere duas estruturas, sem condição",
                                          "Só existe no deck histórico"),
            ("{card 997}: change two structures, with no condition", "Found only in the "
                                                                     "historical deck"))],
    "N8": [("09-cartas-e-alteracoes.md", ("{card 996}: agenda uma crise para a próxima "
                                          "estrutura que mandar alguém descartar",
                                          "Só existe no deck teórico"),
            ("{card 996}: sets up a crisis for the next structure that tells someone to "
             "discard", "Found only in the theoretical deck"))],
    "N9": [("09-cartas-e-alteracoes.md", ("{card 995}: só com mais de duas cartas na mão",
                                          "Não altera estruturas",
                                          "permite que mais de uma pessoa vença a partida",
                                          "Só existe no deck estratégico"),
            ("{card 995}: only with more than two cards in hand", "It changes no structure",
             "lets more than one player win the round", "Found only in the strategic "
                                                        "deck"))],
    "N10": [("09-cartas-e-alteracoes.md", ("O deck social não traz carta natural nova",
                                           "poder assimétrico"),
             ("The social deck brings no new natural card", "asymmetric power")),
            ("03-modo-bourdieu.md", ("o deck social não traz carta natural nova",),
             ("the social deck brings no new natural card",))],
    "N11": [("09-cartas-e-alteracoes.md", ("Algumas estruturas deixam alguém trocar, permutar "
                                           "ou embaralhar estruturas",
                                           "{cards tag=altera-estruturas}"),
             ("Some structures let someone swap, rearrange or shuffle structures",))],
    # -- Facilitating or hindering structural changes
    "H1": [("09-cartas-e-alteracoes.md", ("deixam as cartas naturais serem usadas com mais "
                                          "frequência", "{cards tag=facilita-alteracoes}"),
            ("they let natural cards be used more often",))],
    "H2": [("09-cartas-e-alteracoes.md", ("tornam as revoltas mais difíceis",
                                          "{cards tag=dificulta-alteracoes}"),
            ("they make revolts harder",))],
    "H3": [("08-revoltas.md", ("ajudam uma mudança a acontecer, mas também cobram um preço",
                               "{cards tag=pune-revoltas}"),
            ("help a change to happen, but they also make whoever starts the revolt pay a "
             "price",))],
    # -- Punishments
    "U1": [("10-punicoes.md", ("quebrar as regras de propósito", "informação falsa (mesmo sem "
                               "querer)", "dicas e conselhos de jogo"),
            ("breaking the rules on purpose", "false information (even unintentionally)",
             "hints and advice on how to play")),
           ("04-glossario.md", ("quebra as regras de má-fé",),
            ("breaking the rules in bad faith",))],
    "U2": [("10-punicoes.md", ("desce uma linha no campo, ainda que precise mudar de coluna",),
            ("moves down one row on the field, even if they have to change columns",))],
    "U3": [("10-punicoes.md", ("Se já estiver na linha 0, não pode vencer a partida em curso",
                               "causa uma crise em vez de vencer"),
            ("If they are already on row 0, they cannot win the current round", "they cause "
             "a crisis instead of winning"))],
    "U4": [("10-punicoes.md", ("No modo simples não há campo", "combine na mesa, antes de "
                                                               "começar"),
            ("In simple mode there is no field", "agree at the table, before you start"))],
    # -- Ideologies and hegemony
    "I1": [("11-ideologias-e-hegemonia.md", ("56 pertencem a uma **ideologia**",
                                             "sete grupos de oito cartas, cada um com a sua "
                                             "cor"),
            ("56 belong to an **ideology**", "seven groups of eight cards, each with its own "
                                             "colour"))],
    "I2": [("11-ideologias-e-hegemonia.md", ("ao fim de uma jogada", "pelo menos **2 cartas**",
                                             "numa mesa de 3 pessoas", "pelo menos **3 cartas** "
                                             "numa mesa de 4 ou mais"),
            ("at the end of a turn", "at least **2 cards**", "at a table of 3 players",
             "at least **3 cards** at a table of 4 or more")),
           ("summaries/hegemonia.md", ("**2 cartas**", "(3 jogadores)", "**3 cartas**",
                                       "(4 ou mais)"),
            ("**2 cards**", "**3 cards**"))],
    "I3": [("11-ideologias-e-hegemonia.md", ("alguém precisa percebê-la e pedir a ativação",
                                             "Pode ser qualquer pessoa da mesa, não só a que "
                                             "ela favorece", "pode sumir numa alteração de "
                                             "estrutura", "Uma hegemonia que já sumiu não pode "
                                             "mais ser pedida"),
            ("someone has to notice it and claim its activation", "Anyone at the table may, "
             "not only the player it favours", "may vanish with a change of structure",
             "A hegemony that has already vanished can no longer be claimed"))],
    "I4": [("11-ideologias-e-hegemonia.md", ("só existem no modo Bourdieu",),
            ("exist only in Bourdieu mode",))],
    "I5": [("11-ideologias-e-hegemonia.md", ("Vence a partida quem venceu a primeira partida "
                                             "do jogo", "troca de lugar com quem a bloqueia",
                                             "Indisponível antes da primeira vitória"),
            ("Whoever won the first round of the game wins the round", "they swap places "
             "with the blocker", "Unavailable before the first win"))],
    "I6": [("11-ideologias-e-hegemonia.md", ("quem venceu mais partidas no jogo, sem contar "
                                             "esta", "no empate, quem venceu por último"),
            ("won the most rounds in the game, not counting this one", "in a tie, whoever "
             "won most recently"))],
    "I7": [("11-ideologias-e-hegemonia.md", ("quem está na linha mais alta do campo",
                                             "no empate, quem está nela há mais tempo",
                                             "Se ainda empatar, indisponível"),
            ("Whoever is on the highest row of the field wins the round", "in a tie, whoever "
             "has been there longest", "If still tied, unavailable"))],
    "I8": [("11-ideologias-e-hegemonia.md", ("Vence a partida quem completou a hegemonia",),
            ("The player who completed the hegemony wins the round",))],
    "I9": [("11-ideologias-e-hegemonia.md", ("se for a única pessoa a bloquear",
                                             "se não, indisponível",
                                             "as outras fora da linha 0 descem uma linha"),
            ("if they are the only player blocking", "(otherwise, unavailable)",
             "everyone else off row 0 moves down one row"))],
    "I10": [("11-ideologias-e-hegemonia.md", ("Se quem completou está na linha 3, vence o "
                                              "jogo", "todos voltam à coluna de origem",
                                              "quem completou vai à linha 3",
                                              "da linha 3 para a 0, da 2 para a 1, da 1 e da 0 "
                                              "para a 2"),
             ("is on row 3, they win the game", "everyone goes back to their starting column",
              "goes to row 3", "from row 3 to 0, from 2 to 1, from 1 and from 0 to 2"))],
    "I11": [("11-ideologias-e-hegemonia.md", ("Se a maioria das pessoas está na mesma linha do "
                                              "campo, quem completou a hegemonia vence o "
                                              "jogo",),
             ("If most players are on the same row of the field, the player who completed the "
              "hegemony wins the game",))],
    # -- How faces are printed
    "L1": [("12-leitura-das-cartas.md", ("algumas palavras aparecem em negrito, uma vez em cada "
                                         "carta", "comprar, descartar, entregar e trocar",
                                         "trocar de estrutura ou de posição não conta",
                                         "com o \"não\" que os acompanha",
                                         "as palavras crise, revolta e campo e os nomes de "
                                         "{card 998} e {card 999}",
                                         "o da ação que a carta manda fazer ou proíbe",
                                         "em {card 004} é \"compra\", não \"comprarem\"",
                                         "em {card 157}, \"Compre\""),
            ("printed in bold, once on each card", "draw, discard, give and swap",
             "swapping structures or places does not count", "with the \"not\" that goes "
             "with them", "the words crisis, revolt and field, and the names of {card 998} "
             "and {card 999}", "that of the action the card orders or forbids",
             "on {card 004} it is \"draws\"", "on {card 157}, \"Draw\""))],
    "L2": [("12-leitura-das-cartas.md", ("Os números que o texto de uma carta escreve com "
                                         "algarismos aparecem em algarismos romanos",
                                         "Só o número que dá nome a uma linha do campo"),
            ("The numbers a card's text writes in digits are printed in Roman numerals",
             "Only a number that names a row of the field"))],
    "L3": [("12-leitura-das-cartas.md", ("A frase \"Não causa crise\" vem em itálico",),
            ("The phrase \"Does not cause a crisis\" is in italics",))],
    "L4": [("01-introducao.md", ("a caixa cinza é um efeito geral, a branca é um efeito "
                                 "direto",),
            ("the grey box is a general effect, the white one a direct effect",)),
           ("12-leitura-das-cartas.md", ("O efeito direto (caixa branca)",
                                         "O efeito geral (caixa cinza)"),
            ("The direct effect (white box)", "The general effect (grey box)"))],
    "L5": [("01-introducao.md", ("com três erros evidentes de impressão corrigidos",
                                 "{card 014}", "{card 141} e {card 159}",
                                 "As observações sobre as cartas são nossas"),
            ("with three obvious misprints corrected", "{card 014}", "{card 141} and "
                                                                     "{card 159}",
             "The notes on the cards are ours"))],
    "L7": [("examples/01-lideranca-e-revolta.md", ('"Entregue II cartas para o último a '
                                                   'jogar"', '"O jogador com mais cartas '
                                                   'descarta I carta"'),
            ('"Give II cards to the last to play"', '"The player with the most cards discards '
                                                    'I card"')),
           ("examples/02-nova-geracao.md", ('"O jogador com menos cartas descarta I carta"',),
            ('"The player with the fewest cards discards I card"',)),
           ("examples/04-revolta-fracassada.md", ('"Descarte II cartas." e "O último a jogar '
                                                  'compra II cartas."',),
            ('"Discard II cards." and "The last to play draws II cards."',)),
           ("examples/05-crise-sem-solucao.md", ('"Entregue II cartas para alguém com V '
                                                 'cartas"',),
            ('"Give II cards to someone with V cards"',))],
    "L6": [("13-exemplos.md", ("adaptada da do Compêndio Normativo de Agência (versão 4)",
                               "`CAMPO(…)` e `H(…)` são nossos"),
            ("adapted from that of the Agência Normative Compendium (version 4)",
             "`CAMPO(…)` and `H(…)` are ours"))],
}
