"""Help screens without Typer's type labels (`<bool>`, `<str>`).

Typer prints a Python type name next to each parameter. A flag needs none, an argument's
name already says what it is, and an option shows its metavar (or its name in capitals).
"""

from __future__ import annotations

from typing import Any

from typer import core


def _option_label(self: Any, ctx: Any) -> str | None:
    if self.is_flag or self.count:
        return None
    if self.metavar is not None:
        return str(self.metavar)
    return str(self.name).upper()


def _argument_label(self: Any, ctx: Any) -> str | None:
    return None


def install() -> None:
    """Use the labels above in every help screen of this process."""
    core.TyperOption.display_type_rich = _option_label  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = _argument_label  # type: ignore[method-assign]
