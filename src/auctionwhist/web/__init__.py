"""The web app: play, direct and review duplicate matches in the browser.

``whist serve`` runs :func:`auctionwhist.web.app.create_app`; the protocol
is in ``docs/web-protocol.md``.
"""
