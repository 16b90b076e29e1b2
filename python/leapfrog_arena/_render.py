"""Rendering shared by the environments: the board as text."""


def render(state, mode):
    """The board for render mode ``ansi`` (returned) or ``human`` (printed); nothing
    without a mode."""
    if mode is None:
        return None
    text = str(state)
    if mode == "ansi":
        return text
    print(text)
    return None
