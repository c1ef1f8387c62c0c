using System.Diagnostics;
using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Runs a race's rounds for whoever measures the turns: the qualifying round, then blocks of rounds up to each look,
/// every entrant still running once per round in an order shuffled afresh each round (<see cref="RoundOrder"/>), until the race ends or an allowance cannot pay
/// for the next block. The main job's cells and every suite that compares contenders race through it; what a turn is
/// (a closed-loop window, a journal iteration, a query) is the caller's.
/// </summary>
/// <param name="race">The race to run; its rounds are recorded here.</param>
/// <param name="turn">Measures one entrant once (true for the qualifying round) and returns its figure, higher is better; null when the turn failed.</param>
/// <param name="seed">With each round's number, shuffles the entrants' order for that round.</param>
/// <param name="roundStarting">Told each round's number before it starts (0 for the qualifying round): for progress lines.</param>
/// <param name="halfTurn">
/// Given, the race rounds are mirrored (<see cref="Results.MeasurementSettings.Mirrors"/>): each measures every entrant
/// with two of these, turns of half the window, in the round's order and then in its reverse, and records the mean of the
/// two (null when either failed). The qualifying round takes whole turns.
/// </param>
internal sealed class RaceRunner(
    Race race, Func<string, bool, Task<double?>> turn, int seed, Action<int>? roundStarting = null, Func<string, Task<double?>>? halfTurn = null)
{
    private readonly Dictionary<string, TimeSpan> _turns = new(StringComparer.Ordinal);

    public Race Race => race;

    /// <summary>What the race rounds to the first look took: they run whatever the allowance, as part of a cell's mandatory part.</summary>
    public TimeSpan FirstLook { get; private set; }

    /// <summary>Unmeasured rounds before the qualifying round: every entrant once per round, its figure not recorded.</summary>
    public async Task WarmUpAsync(int rounds, CancellationToken cancellationToken)
    {
        for (var round = 0; round < rounds; round++)
        {
            var names = race.Running;
            foreach (var index in names.Count == 0 ? [] : RoundOrder.For(round, names.Count, seed))
            {
                cancellationToken.ThrowIfCancellationRequested();
                await turn(names[index], true).ConfigureAwait(false);
            }
        }
    }

    /// <summary>The qualifying round: every entrant once, not part of any statistic; the failed and the hopeless leave.</summary>
    public async Task QualifyAsync(CancellationToken cancellationToken) =>
        race.RecordQualifying(await RoundAsync(qualifying: true, cancellationToken).ConfigureAwait(false));

    /// <summary>Race rounds until the race ends; with no allowance only its rounds bound it.</summary>
    public Task RunAsync(CancellationToken cancellationToken) => RunAsync(null, () => TimeSpan.Zero, Stopwatch.StartNew(), cancellationToken);

    /// <summary>
    /// Race rounds until the race ends or, once the first look's rounds are run, <paramref name="allowance"/> (measured on
    /// <paramref name="clock"/>, keeping what <paramref name="reserve"/> says for what follows the race) cannot pay for the
    /// rounds to the next look at what the entrants' last turns cost; the race is told how many rounds it can still pay for.
    /// </summary>
    public async Task RunAsync(TimeSpan? allowance, Func<TimeSpan> reserve, Stopwatch clock, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reserve);
        ArgumentNullException.ThrowIfNull(clock);
        var started = clock.Elapsed;
        while (!race.Finished)
        {
            var block = race.RoundsToNextLook;
            var mandatory = race.Rounds < race.Settings.Looks[0];
            var roundCost = race.Running.Aggregate(TimeSpan.Zero, (sum, n) => sum + _turns.GetValueOrDefault(n));
            race.Horizon = allowance is { } share && roundCost > TimeSpan.Zero
                ? race.Rounds + (int)Math.Max(0, Math.Floor((share - clock.Elapsed - reserve()) / roundCost))
                : null;
            if (!mandatory && !RunPlan.Affords(allowance, clock.Elapsed, block * roundCost, reserve()))
            {
                // What it can pay for, when at least half the block, is raced and looked at once more.
                var affordable = race.Horizon is { } horizon ? horizon - race.Rounds : 0;
                if (affordable >= Math.Max(2, (block + 1) / 2) && affordable < block)
                {
                    for (var round = 0; round < affordable && !race.Finished; round++)
                    {
                        race.RecordRound(await RoundAsync(qualifying: false, cancellationToken).ConfigureAwait(false));
                    }

                    race.TakeFinalLook();
                    return;
                }

                race.StopForBudget();
                return;
            }

            for (var round = 0; round < block && !race.Finished; round++)
            {
                race.RecordRound(await RoundAsync(qualifying: false, cancellationToken).ConfigureAwait(false));
            }

            if (mandatory)
            {
                FirstLook = clock.Elapsed - started;
            }
        }
    }

    private async Task<Dictionary<string, double?>> RoundAsync(bool qualifying, CancellationToken cancellationToken)
    {
        var names = race.Running;
        var figures = new Dictionary<string, double?>(StringComparer.Ordinal);
        if (names.Count == 0)
        {
            return figures;
        }

        roundStarting?.Invoke(qualifying ? 0 : race.Rounds + 1);
        var order = RoundOrder.For(race.Rounds + (qualifying ? 0 : 1), names.Count, seed);
        var mirrored = !qualifying && halfTurn is not null;
        var firstHalves = new Dictionary<string, double?>(StringComparer.Ordinal);
        var spent = new Dictionary<string, TimeSpan>(StringComparer.Ordinal);
        foreach (var index in mirrored ? RoundOrder.Mirrored(order) : order)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var started = Stopwatch.GetTimestamp();
            var name = names[index];
            var figure = mirrored ? await halfTurn!(name).ConfigureAwait(false) : await turn(name, qualifying).ConfigureAwait(false);
            if (!mirrored)
            {
                figures[name] = figure;
            }
            else if (firstHalves.Remove(name, out var first))
            {
                figures[name] = RoundOrder.MirroredFigure(first, figure);
            }
            else
            {
                firstHalves[name] = figure;
            }

            spent[name] = spent.GetValueOrDefault(name) + Stopwatch.GetElapsedTime(started);
        }

        foreach (var (name, time) in spent)
        {
            _turns[name] = time;
        }

        return figures;
    }
}
