using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Strategies;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One cell, raced: every contender (each strategy, each raw writer of the ceiling) gets its own fresh log and a
/// warm-up, then a qualifying round with the tailing readers following, after which the hopeless leave; then race
/// rounds interleave the contenders still running (the store settled before each turn) until the race has its
/// verdicts, its rounds run out, or the cell's share of the budget cannot pay for the next block. Then the contenders
/// are stopped and checked, two at a time.
/// </summary>
internal static class CellRunner
{
    /// <summary>
    /// Contenders stopped and checked side by side: a small log's check is mostly round trips (its count, its log's
    /// removal) that two overlap. A large log's is not shortened: reading it back already keeps the server and this
    /// process busy together. Nothing is measured while they run.
    /// </summary>
    private const int ChecksAtOnce = 2;

    public static async Task<CellRun> RunAsync(
        CellKey cell, IEventStoreProvider provider, IReadOnlyList<StrategyRegistration> strategies, CaseSettings caseSettings, MeasurementSettings settings, TimeSpan? allowance, Action<string> progress,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(strategies);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(progress);
        var race = settings.Race ?? throw new ArgumentException("The main job races its cells; these settings have no race.", nameof(settings));
        var clock = Stopwatch.StartNew();
        var settling = new Stopwatch();
        (string Name, StrategyRegistration? Registration)[] contenders =
            [.. strategies.Select(s => (s.Name, (StrategyRegistration?)s)), .. RawCeiling.VariantNames.Select(v => (v, (StrategyRegistration?)null))];
        var cases = new List<ContenderCase>();
        var notRun = new List<CaseResult>();
        try
        {
            foreach (var (name, registration) in contenders)
            {
                cancellationToken.ThrowIfCancellationRequested();
                try
                {
                    if (await ContenderCase.StartAsync(cell, registration, registration is null ? name : null, provider, caseSettings, settings, cancellationToken).ConfigureAwait(false) is { } started)
                    {
                        cases.Add(started);
                    }
                }
                catch (Exception e) when (!cancellationToken.IsCancellationRequested)
                {
                    notRun.Add(CaseResult.NotRun(cell, name, registration is null, $"setup failed: {FailureCause.Of(e)}"));
                }
            }

            var starts = clock.Elapsed;
            var claims = cases.Where(c => c.Contender.Guarantees is not null).Select(Claims).ToArray();
            var byName = cases.ToDictionary(c => c.Contender.Name, StringComparer.Ordinal);
            var groups = GuaranteeProfile.All.Select(p => new RaceGroup(p.Id, MustDecide: true)).Append(new RaceGroup(GuaranteeProfile.CeilingGroup, MustDecide: false)).ToArray();
            var entrants = cases.Select(c => new RaceEntrant(c.Contender.Name, GroupsOf(c, claims))).ToArray();
            var running = new Race(entrants, groups, race);
            var seed = RoundOrder.StableSeed(cell.ToString());
            var halfWindow = settings with { WindowSeconds = settings.WindowSeconds / 2 };
            var runner = new RaceRunner(running, TurnAsync, seed, halfTurn: settings.Mirrors(cell) ? HalfTurnAsync : null);
            await runner.QualifyAsync(cancellationToken).ConfigureAwait(false);
            foreach (var name in running.Exits.Where(e => e.Value.Reason == RaceExitReason.Hopeless).Select(e => e.Key))
            {
                progress(string.Create(CultureInfo.InvariantCulture,
                    $"{name} leaves after the qualifying round: {running.QualifyingFigure(name):N0} events/s, below 1/{1 / StallRates.OneWindowDepth:0} of every contender still racing beside it"));
            }

            foreach (var contender in running.Running)
            {
                byName[contender].BeginRaceRounds();
            }

            var beforeRace = clock.Elapsed;
            var qualifyingRound = beforeRace - starts;
            await runner.RunAsync(allowance, () => CheckCost(cases), clock, cancellationToken).ConfigureAwait(false);
            var racing = clock.Elapsed - beforeRace;
            foreach (var name in running.Exits.Where(e => e.Value is { Reason: RaceExitReason.Hopeless, AfterRounds: 1 }).Select(e => e.Key))
            {
                progress(string.Create(CultureInfo.InvariantCulture,
                    $"{name} leaves after the first race round: {running.QualifyingFigure(name):N0} events/s in the qualifying round and {running.RoundsOf(name)[0]:N0} in the first race round, below 1/{1 / StallRates.TwoWindowsDepth:0} of every contender still racing beside it in both"));
            }

            var finished = new CaseResult[cases.Count];
            await Parallel.ForEachAsync(
                Enumerable.Range(0, cases.Count), new ParallelOptions { MaxDegreeOfParallelism = ChecksAtOnce }, async (i, _) =>
                {
                    var name = cases[i].Contender.Name;
                    finished[i] = await cases[i].FinishAsync(running.QualifyingFigure(name), running.RoundsOf(name), running.Exits.GetValueOrDefault(name)).ConfigureAwait(false);
                }).ConfigureAwait(false);
            var results = notRun.Concat(finished).ToList();
            cases.Clear();
            var ordered = contenders.Select(c => results.FirstOrDefault(r => r.Contender == c.Name)).OfType<CaseResult>().ToArray();
            var turns = byName.Values.Aggregate(TurnTime.None, (sum, c) => sum.Plus(c.TurnTime)) with { SettleSeconds = settling.Elapsed.TotalSeconds };
            var time = new CellTime(allowance?.TotalSeconds, starts.TotalSeconds, qualifyingRound.TotalSeconds, racing.TotalSeconds, (clock.Elapsed - beforeRace - racing).TotalSeconds, runner.FirstLook.TotalSeconds, turns);
            progress(string.Create(CultureInfo.InvariantCulture,
                $"{running.Rounds} race rounds, {RaceEnds.Describe(running.End)}; {clock.Elapsed.TotalSeconds:0.0} s of {(allowance is { } a ? $"{a.TotalSeconds:0.0} s" : "no budget")} (starts {time.StartsSeconds:0.0} s, qualifying round {time.QualifyingSeconds:0.0} s, racing {time.RacingSeconds:0.0} s of which to the first look {time.FirstLookSeconds:0.0} s, checks {time.ChecksSeconds:0.0} s)"));
            var (analysed, verdict) = CellAnalysis.Analyse(ordered, claims, race, running.End, running.GroupEnds,
                GuaranteeProfile.All.ToDictionary(p => p.Id, p => running.RivalsIn(p.Id), StringComparer.Ordinal));
            return new CellRun(analysed, claims, verdict is null ? null : verdict with { Time = time }, time);

            Task<double?> TurnAsync(string name, bool qualifying) => MeasureAsync(name, settings, qualifying);

            Task<double?> HalfTurnAsync(string name) => MeasureAsync(name, halfWindow, qualifying: false);

            async Task<double?> MeasureAsync(string name, MeasurementSettings turn, bool qualifying)
            {
                if (settings.CheckpointBeforeRounds)
                {
                    settling.Start();
                    await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
                    settling.Stop();
                }

                return await byName[name].MeasureRoundAsync(turn, qualifying).ConfigureAwait(false);
            }
        }
        finally
        {
            // Only after a cancellation or an unexpected error: the logs are removed either way.
            foreach (var contender in cases)
            {
                await contender.FinishAsync(null, [], null).ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// What checking every contender's log will take, from the events each holds: summed, since the model's constants
    /// were fitted to whole cells' checks run <see cref="ChecksAtOnce"/> at a time.
    /// </summary>
    private static TimeSpan CheckCost(IEnumerable<ContenderCase> cases) =>
        cases.Aggregate(TimeSpan.Zero, (sum, c) => sum + CellCostModel.Check(c.EventsInLog));

    private static StrategyClaims Claims(ContenderCase c)
    {
        var g = c.Contender.Guarantees!;
        return new StrategyClaims(c.Contender.Name, g.AtomicMultiEventCommit, g.GapFreeSequence, g.ContiguousCommit, g.SafeWithSeveralWriterProcesses,
            g.OrderedVisibility, g.HorizonOrderedVisibility, c.Contender.TakesWholeGroups, g.KeepsAppendConditions);
    }

    private static IReadOnlyList<string> GroupsOf(ContenderCase c, IReadOnlyList<StrategyClaims> claims) =>
        c.Contender.IsCeiling
            ? [GuaranteeProfile.CeilingGroup]
            : [.. GuaranteeProfile.All.Where(p => p.Admits(claims.Single(x => x.Strategy == c.Contender.Name))).Select(p => p.Id)];
}
