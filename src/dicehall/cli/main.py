"""The `dicehall` command: games, rules, play, simulate, replay, verify, bench, serve.

Every error a user can cause (unknown game, bad params, content errors, corrupt records)
prints one red line and exits with code 2.
"""

from __future__ import annotations

import dataclasses
import importlib
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markdown import Markdown

from dicehall import __version__, games
from dicehall.cli import analysis, deploy, helptext, interrupts, solves
from dicehall.cli import options as opt
from dicehall.cli.commands import GameCommand, VersionGroup
from dicehall.cli.common import (
    EXIT_INTERRUPTED,
    console,
    console_ask,
    error_console,
    fail,
    guard,
    has_hints,
)
from dicehall.cli.outputs import check_folder, check_results_path
from dicehall.cli.play import PlaySession, new_match, new_seed, resumed_match, terminal_params
from dicehall.cli.progress import progress_bar
from dicehall.cli.replay import load, replay_command
from dicehall.cli.show import show_summary
from dicehall.cli.stat_keys import check_stat_keys, stat_keys_text
from dicehall.cli.tables import bench_table, compare_table, games_table
from dicehall.cli.verify import verify_command
from dicehall.core import DicehallError
from dicehall.sim import bench as benchmod
from dicehall.sim import checkpoint, pool
from dicehall.sim.simulate import Summary
from dicehall.sim.simulate import simulate as run_simulation

helptext.install()
app = typer.Typer(
    name="dicehall",
    cls=VersionGroup,
    help="Four tabletop dice games: play, simulate, sweep, replay and verify.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `dicehall games`).")]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"dicehall {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_show_version, is_eager=True, help="Print the version."
        ),
    ] = False,
) -> None:
    """Four tabletop dice games: play, simulate, sweep, replay and verify."""


def _game_module(game_id: str) -> str:
    return games.module_name(game_id)


@app.command("games")
def games_command() -> None:
    """List the games, their player counts, variants, params and bot levels."""
    console().print(games_table())


def _rules_text(game_id: str) -> str | None:
    """The game package's rules.md, or None when it has none."""
    try:
        entry = resources.files(_game_module(game_id)).joinpath("rules.md")
    except (TypeError, ModuleNotFoundError):  # a plug-in game that is a module, not a package
        return None
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


@app.command()
def rules(game: GameArg) -> None:
    """Show a game's rules summary and every ruling we made."""
    with guard():
        spec = games.spec(game)
        text = _rules_text(game)
        if text is None:
            fail(f"{game} has no rules.md yet; summary: {spec.summary or spec.name}")
        console().print(Markdown(text))


@app.command(cls=GameCommand, context_settings=opt.GAME_FLAGS_CONTEXT)
def play(
    ctx: typer.Context,
    game: GameArg,
    players: opt.PlayersOpt = None,
    param: opt.ParamOpt = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            metavar="SEAT=LEVEL",
            help="A bot seat (seats from 0); 'rest=LEVEL' for every seat but 0.",
        ),
    ] = None,
    seed: opt.SeedOpt = None,
    hints: Annotated[bool, typer.Option("--hints", help="Show the game's hints.")] = False,
    coach: Annotated[
        bool,
        typer.Option("--coach", help="Before each of your decisions, each move's value."),
    ] = False,
    record_dir: Annotated[
        Path, typer.Option("--record-dir", metavar="DIR", help="Where records are saved.")
    ] = Path("."),
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="RECORD",
            help="Continue a stopped game from its record (its seats and bots; the game "
            "options above are taken from the record).",
        ),
    ] = None,
) -> None:
    """Play in the terminal: hot-seat and vs bots (seats without --bot are people)."""
    with guard():
        check_folder(record_dir, "--record-dir")
        if resume is not None:
            match, levels = resumed_match(load(resume), game)
        else:
            flags = {"players": players, **opt.parse_game_flags(game, ctx.args)}
            params = terminal_params(games.spec(game), opt.game_params(game, flags, param))
            rules_ = games.make(game, **params)
            levels = opt.parse_bots(bot, game, rules_.num_players)
            match = new_match(rules_, new_seed() if seed is None else seed, levels)
        solves.prepare(match.game, levels.items())
        if hints and not has_hints(match.game):
            error_console().print(
                f"note: {match.game.spec.name} has no hints; --hints does nothing"
            )
        out = console()
        session = PlaySession(match, levels, out, console_ask(out), record_dir, hints, coach)
        code = session.run()
    raise typer.Exit(code)


@app.command(cls=GameCommand, context_settings=opt.GAME_FLAGS_CONTEXT)
def simulate(
    ctx: typer.Context,
    game: GameArg,
    n_games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", help="Number of games.", min=1)
    ] = 100,
    players: opt.PlayersOpt = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", metavar="LEVELS", help="Bot per seat in seat order, e.g. greedy,random."
        ),
    ] = None,
    param: opt.ParamOpt = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="S", help="Game i uses seed + i.", min=0)
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: analysis.WorkersOpt = None,
    ray: analysis.RayOpt = False,
    ray_address: analysis.RayAddressOpt = None,
    out_file: Annotated[
        Path | None,
        typer.Option("--out", "-o", metavar="FILE", help="Save rows (.parquet or .csv)."),
    ] = None,
    speeds: Annotated[
        str | None,
        typer.Option(
            "--speeds", metavar="SPEEDS", help="Real-time: speed per seat, e.g. human,fast,slow."
        ),
    ] = None,
    stat: Annotated[
        list[str] | None,
        typer.Option(
            "--stat",
            metavar="KEY",
            help="Summarise a (dotted) key of the final view; repeatable; `--stat help` "
            "lists the keys.",
        ),
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="DIR",
            help="Keep each game's record in DIR (for `dicehall replay`), as GAME-SEED.json.",
        ),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help=interrupts.ResumeHelp)] = False,
    batch: Annotated[
        int | None,
        typer.Option(
            "--batch",
            metavar="B",
            help="Play on the game's batched form, B games at a time (random bots, and greedy "
            "where the batched form has it; see docs/batch.md).",
        ),
    ] = None,
) -> None:
    """Bot-vs-bot games: win rate per seat (95% Wilson CI), game length, end reasons.

    Game i is played with seed + i. A shared win counts as a win for each winner. Games run
    in parallel processes (one per core) unless --workers 1; --out saves one row per game and
    seat for `dicehall report`. Ctrl-C keeps the finished games (--out and a checkpoint beside
    it) and prints the command that goes on with --resume.
    """
    with guard():
        names = [b for b in (bots or "").split(",") if b.strip()]
        if players is None and len(names) > 1:
            players = len(names)  # --bots names every seat
        flags = {"players": players, **opt.parse_game_flags(game, ctx.args)}
        params = opt.game_params(game, flags, param)
        rules_ = games.make(game, **params)
        levels = opt.parse_bot_list(bots, game, rules_.num_players)
        keys = tuple(stat or ())
        if "help" in keys:
            console().print(stat_keys_text(rules_), markup=False, soft_wrap=True)
            return
        check_stat_keys(rules_, keys)
        if out_file is not None:
            check_results_path(out_file)
        if records is not None:
            check_folder(records, "--records")
        if batch is not None:
            from dicehall.cli import simulate_batch

            given = {
                "--stat": bool(keys), "--records": records is not None, "--speeds": bool(speeds),
                "--ray": ray, "--workers": workers is not None, "--resume": resume,
            }  # fmt: skip
            simulate_batch.run(game, params, levels, n_games, seed, batch, as_json, out_file, given)
            return
        solves.prepare(rules_, enumerate(levels))
        speed_names = tuple(n.strip() for n in (speeds or "").split(",") if n.strip())
        run = {"command": "simulate", "game": game, "params": rules_.params, "bots": levels,
               "seed": seed, "speeds": speed_names, "stats": keys}  # fmt: skip
        saved_at = checkpoint.path_for("simulate", game, out_file)
        done = interrupts.load_done(saved_at, run, interrupts.simulate_done) if resume else None
        stopped = False
        try:
            count = workers or pool.auto_workers(n_games - len(done or {}))
            job = (game, params, levels, n_games, seed, count, speed_names, keys)
            target = analysis.ray_target(ray, ray_address)
            summary = _simulate(*job, ray=target, records=records, done=done)
        except pool.Interrupted as stop:
            summary, stopped = stop.partial, True
        except KeyboardInterrupt:
            error_console().print("[yellow]simulation interrupted[/]")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        if records is not None:
            error_console().print(
                f"{summary.games} records saved in {records}", markup=False, soft_wrap=True
            )
        if stopped:
            with interrupts.saving():
                games_ = interrupts.simulate_games(summary)
                kept = interrupts.save_checkpoint(saved_at, run, games_)
                show_summary(summary, as_json, out_file)
                interrupts.tell_stopped(summary.games, n_games, kept)
            raise typer.Exit(EXIT_INTERRUPTED)
        show_summary(summary, as_json, out_file)
        if resume:
            checkpoint.remove(saved_at)


def _simulate(
    game: str,
    params: dict[str, Any],
    levels: tuple[str, ...],
    count: int,
    seed: int,
    workers: int,
    speeds: tuple[str, ...],
    keys: tuple[str, ...],
    ray: str | None = None,
    records: Path | None = None,
    done: dict[int, Any] | None = None,
) -> Summary:
    """The simulation with a progress bar on stderr (stdout may carry the JSON)."""
    with progress_bar(f"simulating {game}", count, len(done or {})) as advance:
        return run_simulation(
            game, params, levels, count, seed, workers, advance, speeds, keys, ray, records, done
        )


@app.command("bench")
def bench_command(
    game_ids: Annotated[
        list[str] | None, typer.Argument(help="Games to time (default: all).", show_default=False)
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", "-t", metavar="T", help="Seconds per run.")
    ] = 1.0,
    runs: Annotated[
        int, typer.Option("--runs", "-r", metavar="R", help="Runs (median reported).")
    ] = 5,
    param: opt.ParamOpt = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    mcts: Annotated[
        bool, typer.Option("--mcts/--no-mcts", help="Also time MCTS iterations/s.")
    ] = True,
    compare: Annotated[
        str | None,
        typer.Option(
            "--compare",
            metavar="REV",
            help="Also time git revision REV (a temporary worktree), interleaved, in CPU seconds.",
        ),
    ] = None,
    adapters: Annotated[
        bool,
        typer.Option(
            "--adapters", help="Time the RL adapters (PettingZoo, Gymnasium, OpenSpiel) instead."
        ),
    ] = False,
    batch: Annotated[
        int | None,
        typer.Option(
            "--batch",
            metavar="B",
            help="Time the batch engine over B games against the rules engine, interleaved.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --batch: print JSON.")] = False,
) -> None:
    """Random-playout throughput on one core, and MCTS iterations per second.

    Games/s and actions/s count chance actions too; MCTS runs a 50-iteration search at each
    decision of random games.

    Real-time games are timed in tick mode unless `--param mode=...` says otherwise.
    """
    with guard():
        ids = list(game_ids or games.available())
        if not ids:
            fail("no games are installed")
        if runs < 1 or seconds < 0:
            fail("--runs must be >= 1 and --seconds >= 0")
        if as_json and batch is None:
            fail("--json goes with --batch")
        if batch is not None:
            from dicehall.cli import bench_batch

            bench_batch.run(list(game_ids or ()) or _batched(), batch, param, seconds, runs,
                            seed, as_json)  # fmt: skip
            return
        if adapters:
            _bench_adapters(compare, ids, param, seconds, runs, seed, named=bool(game_ids))
            return
        if compare is not None:
            _bench_compare(compare, ids, param, seconds, runs, seed, mcts, named=bool(game_ids))
            return
        results = []
        for game_id in ids:
            try:
                results.append(_bench_one(game_id, param, seconds, runs, seed, mcts))
            except (DicehallError, ImportError, AttributeError) as exc:
                if game_ids:  # a game the user named: its error is the answer
                    raise
                _skipped(game_id, str(exc))
        console().print(bench_table(results, seconds, runs))


def _batched() -> list[str]:
    from dicehall import batch

    return list(batch.available())


def _skipped(game_id: str, reason: str) -> None:
    """A game `bench` leaves out of an all-games run, and why (one yellow line)."""
    error_console().print(f"skipped {game_id}: {reason}", style="yellow", markup=False)


def _bench_compare(
    rev: str, ids: list[str], param: list[str] | None, seconds: float, runs: int, seed: int,
    mcts: bool, named: bool,
) -> None:  # fmt: skip
    """Games the user did not name (all installed) that REV lacks are skipped with a note."""
    from dicehall.sim import compare as comparemod

    chosen = {g: terminal_params(games.spec(g), opt.game_params(g, {}, param), False) for g in ids}
    with error_console().status("timing…") as status:
        results = comparemod.compare(
            rev, chosen, seconds, runs, seed, mcts, lambda text: status.update(text),
            skip=None if named else _skipped,
        )  # fmt: skip
    console().print(compare_table(results, rev, seconds, runs))


def _bench_adapters(
    rev: str | None, ids: list[str], param: list[str] | None, seconds: float, runs: int, seed: int,
    named: bool,
) -> None:  # fmt: skip
    """As `_bench_compare`: games the user did not name that REV lacks are skipped."""
    from dicehall.cli import bench_adapters

    chosen = {g: terminal_params(games.spec(g), opt.game_params(g, {}, param), False) for g in ids}
    with error_console().status("timing…") as status:
        skip = None if named else _skipped
        table = bench_adapters.run(chosen, seconds, runs, seed, rev, status.update, skip)
    console().print(table)


def _bench_one(
    game_id: str, param: list[str] | None, seconds: float, runs: int, seed: int, mcts: bool
) -> benchmod.BenchResult:
    params = terminal_params(games.spec(game_id), opt.game_params(game_id, {}, param), False)
    rules_ = games.make(game_id, **params)
    with error_console().status(f"timing {game_id}…"):
        result = benchmod.bench(rules_, seconds, runs, seed)
        if not mcts:
            return result
        rate = benchmod.mcts_rate(rules_, seconds, seed)
        return dataclasses.replace(result, mcts_per_s=rate)


app.command("replay")(replay_command)
app.command("verify")(verify_command)
app.command("rate")(analysis.rate)
app.command("report")(analysis.report)
app.command("fuzz")(importlib.import_module("dicehall.cli.fuzz").fuzz)
app.command("solve")(importlib.import_module("dicehall.cli.solve").solve)
app.command("sweep")(importlib.import_module("dicehall.cli.sweep").sweep)
app.command("review")(importlib.import_module("dicehall.cli.review").review_command)
app.command("backup")(importlib.import_module("dicehall.cli.keep").backup_command)
app.command("restore")(importlib.import_module("dicehall.cli.keep").restore_command)
app.command("export")(importlib.import_module("dicehall.cli.keep").export_command)
app.command("chat-reports")(
    importlib.import_module("dicehall.cli.chat_reports").chat_reports_command
)
app.command("check-config")(deploy.check_config)
app.add_typer(importlib.import_module("dicehall.cli.admin").admin_app, name="admin")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default SQLite).")] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Server processes (more than 1: PostgreSQL).")
    ] = 1,
    forwarded_allow_ips: deploy.TrustedProxiesOpt = None,
) -> None:
    """Serve the web app (lobby, tables, spectators)."""
    with guard():
        try:
            web = importlib.import_module("dicehall.web")
        except ImportError as exc:
            fail(f"the web app needs its extra: pip install 'dicehall[web]' ({exc})")
        serve_fn = getattr(web, "serve", None)
        if serve_fn is None:
            raise DicehallError("the web app is not available in this version")
        serve_fn(
            host=host, port=port, db_url=db, workers=workers, trusted_proxies=forwarded_allow_ips
        )


if __name__ == "__main__":
    app()
