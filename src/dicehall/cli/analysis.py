"""`dicehall rate` and `dicehall report`: bot ratings and simulation reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from dicehall import games
from dicehall.cli import interrupts, solves
from dicehall.cli import options as opt
from dicehall.cli.common import EXIT_INTERRUPTED, console, guard
from dicehall.cli.progress import progress_bar
from dicehall.sim import checkpoint, pool
from dicehall.sim.ratings import Tournament, schedule
from dicehall.sim.ratings import rate as run_rate

RayOpt = Annotated[
    bool,
    typer.Option(
        "--ray", help="Run the games as Ray tasks (a local Ray runtime unless an address is set)."
    ),
]
RayAddressOpt = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="The Ray cluster for --ray (default: $RAY_ADDRESS, else a local runtime).",
    ),
]


def ray_target(ray: bool, address: str | None) -> str | None:
    """The `ray_address` for the simulation functions: None without --ray."""
    if address is not None:
        return address
    return pool.LOCAL_RAY if ray else None


WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", "-w", metavar="W", min=1, help="Processes (default: one per core)."),
]


def rate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `dicehall games`).")],
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="LEVELS", help="Bots to rate, e.g. random,greedy,mcts:200."),
    ] = "random,greedy",
    n_games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", min=1, help="Games per set of bots.")
    ] = 100,
    players: opt.PlayersOpt = None,
    param: opt.ParamOpt = None,
    seed: Annotated[int, typer.Option("--seed", metavar="S", min=0)] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: WorkersOpt = None,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    reference: Annotated[
        Path | None,
        typer.Option(
            "--reference",
            metavar="FILE",
            help="Also store the ratings as the game's bot reference ratings in FILE (JSON; "
            "the web app's rated tables read src/dicehall/web/accounts/bot_ratings.json).",
        ),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help=interrupts.ResumeHelp)] = False,
) -> None:
    """Round-robin with seat rotation: win-rate matrix (95% CI) and openskill ratings.

    Ctrl-C shows the ratings of the finished games, keeps them in a checkpoint
    (dicehall-rate-GAME.resume.json) and prints the command that goes on with --resume.
    """
    with guard():
        names = [b.strip() for b in bots.split(",") if b.strip()]
        spec = games.spec(game)  # by default every bot at one table, as the game allows
        default = max(spec.min_players, min(len(names), spec.max_players))
        flags: dict[str, Any] = {"players": players or default}
        params = opt.game_params(game, flags, param)
        rules_ = games.make(game, **params)
        seats = rules_.num_players
        for name in names:
            opt.parse_bot_list(name, game, seats)  # each level must exist for the game
        solves.prepare(rules_, [(seat, name) for name in names for seat in range(seats)])
        run = {"command": "rate", "game": game, "params": rules_.params, "bots": names,
               "seed": seed}  # fmt: skip
        saved_at = checkpoint.path_for("rate", game, None)
        done = interrupts.load_done(saved_at, run, interrupts.rate_done) if resume else None
        planned = len(schedule(names, seats, n_games, seed))
        count = workers or pool.auto_workers(planned - len(done or {}))
        target = ray_target(ray, ray_address)
        try:
            with progress_bar(f"rating on {game}", planned, len(done or {})) as advance:
                result = run_rate(game, params, names, n_games, seed, count, target, advance, done)
        except pool.Interrupted as stop:
            with interrupts.saving():
                partial: Tournament = stop.partial
                kept = interrupts.save_checkpoint(
                    saved_at, run, interrupts.rate_games(partial.played)
                )
                if partial.played:
                    _show_ratings(partial, as_json)
                interrupts.tell_stopped(len(partial.played), planned, kept)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        if reference is not None:
            # the command that makes these figures again (the run's own players and params)
            ran = f"dicehall rate {game} --bots {','.join(names)} --games {n_games}"
            size = [f"--players {players}"] if players else []
            command = " ".join([ran, *size, *(f"-p {p}" for p in param or []), f"--seed {seed}"])
            save_reference(reference, result, command)
        _show_ratings(result, as_json)
        if resume:
            checkpoint.remove(saved_at)


def _show_ratings(result: Tournament, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    for table in rating_tables(result):
        console().print(table)


def save_reference(path: Path, result: Tournament, command: str) -> None:
    """Put the tournament's ratings in `path` under its game (other games' entries stay)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    ratings = {bot: {k: round(v, 3) for k, v in r.items()} for bot, r in result.ratings().items()}
    data[result.game] = {
        "command": command,
        "params": result.params,
        "games": len(result.played),
        "ratings": ratings,
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def rating_tables(result: Tournament) -> list[Table]:
    data = result.to_json()
    ratings = Table(
        title=f"{result.game}: {data['games']} games, openskill (Plackett-Luce)",
        title_justify="left",
        caption="ordinal = mu - 3 sigma",
        caption_justify="left",
    )
    for name in ("bot", "mu", "sigma", "ordinal"):
        ratings.add_column(name, justify="left" if name == "bot" else "right")
    ranked = sorted(data["ratings"].items(), key=lambda kv: -kv[1]["ordinal"])
    for bot, r in ranked:
        ratings.add_row(bot, f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}")
    matrix = Table(
        title="row bot finished ahead of column bot (ties count half), 95% Wilson CI",
        title_justify="left",
    )
    matrix.add_column("")
    for bot in result.bots:
        matrix.add_column(bot, justify="right")
    for a in result.bots:
        cells = []
        for b in result.bots:
            cell = data["matrix"][a].get(b)
            if cell is None or cell["rate"] is None:
                cells.append("-")
            else:
                lo, hi = cell["ci95"]
                cells.append(f"{100 * cell['rate']:.0f}% ({100 * lo:.0f}–{100 * hi:.0f})")
        matrix.add_row(a, *cells)
    return [ratings, matrix]


def report(
    results: Annotated[list[Path], typer.Argument(help="Results files (.parquet or .csv).")],
    out: Annotated[
        Path, typer.Option("--out", "-o", metavar="DIR", help="Folder for the plots and page.")
    ] = Path("report"),
) -> None:
    """Plots (PNG) and an HTML page from `simulate --out` or `sweep --out` results.

    Games are grouped by game, params and bot line-up; files are never pooled into one game.
    """
    with guard():
        from dicehall.cli.outputs import check_folder
        from dicehall.sim import report as reportmod
        from dicehall.sim import results as resultsmod

        check_folder(out, "--out")
        from dicehall.sim import cells

        frame = reportmod.with_lineups(resultsmod.load(results))
        page = reportmod.write_report(frame, out)
        console().print(group_table(reportmod.seat_table(frame)))
        every = cells.cells(frame)
        for game in dict.fromkeys(c.game for c in every):
            sentence = cells.power_sentence([c for c in every if c.game == game])
            if sentence:
                console().print(f"{game}: {sentence}", markup=False)
        console().print(f"report written: {page}", markup=False, soft_wrap=True)


def group_table(rows: list[dict[str, Any]]) -> Table:
    """Win rate by seat in each group (game, variant, line-up)."""
    table = Table(title="win rate by seat (95% Wilson CI)", title_justify="left")
    for name in ("game", "variant", "line-up", "seat", "games", "win rate"):
        table.add_column(name, justify="right" if name in ("seat", "games") else "left")
    for r in rows:
        lo, hi = r["ci95"]
        rate = f"{100 * r['win_rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"
        table.add_row(r["game"], r["variant"], r["lineup"], str(r["seat"]), str(r["games"]), rate)
    return table
