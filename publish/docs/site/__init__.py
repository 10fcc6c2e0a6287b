"""The website of a game (`publish build site`): its pages made from the rules and cards.

publish.docs.site.pages makes every page of one edition; publish.docs.site.links
turns the rules' HTML into the website's (card names link to card pages, glossary
terms to the glossary, examples to their own pages) and finds what names what;
publish.docs.site.search writes the edition's search index.
"""
