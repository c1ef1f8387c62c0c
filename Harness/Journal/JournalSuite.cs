using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Reporting;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Peers.AkkaJournal;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Implementations;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Journal;

namespace EventCommitLab.Harness.Journal;

/// <summary>
/// <c>suite journal</c>: the Akka.NET journal benchmark's workloads driven through every lab strategy and through the real
/// Akka.Persistence.Sql journal on the same server, contenders interleaved iteration by iteration, every stream read back.
/// </summary>
internal static class JournalSuite
{
    public const string Name = "journal";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<JournalSuiteResult>(
        Name, JournalSummaryWriter.Write,
        run => run.Cells.Where(c => c.MessagesPerSecond is not null).Select(c => new SuiteFigure($"{c.Workload}, {c.Contender}", "msg/s", c.MessagesPerSecond!, HigherIsBetter: true)),
        verdicts: run => (run.Verdicts ?? []).Select(v => new SuiteVerdict(v.Workload, v.Race)));

    private static readonly Option<long> Messages = LabOption.Of("--messages", "N", "the original's eventsCount: events per iteration of each workload, 1..1000000", (o, v) => OptionValues.Number(o, v, 1, 1_000_000));

    private static readonly Option<long> Iterations = LabOption.Of("--iterations", "N", "the most race rounds per workload (it stops once decided), 1..100", (o, v) => OptionValues.Number(o, v, 1, 100));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite journal</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "the Akka.NET journal benchmark through every strategy and the real Akka.Persistence.Sql journal",
        "the workloads are the original benchmark's", [SuiteOptions.Quick, Messages, Iterations, GridOptions.Strategies],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? JournalSuiteSettings.Quick : JournalSuiteSettings.Full) is var journal
            ? o with
            {
                Suite = Name,
                SuiteSettings = journal with
                {
                    Messages = r.Given(Messages, out var m) ? (int)m : journal.Messages,
                    Iterations = r.Given(Iterations, out var n) ? (int)n : journal.Iterations,
                },
            }
            : o);

    /// <summary>The column the recovery rows use for the lab: reading a stream is the store's, the same whatever strategy wrote it.</summary>
    public const string LabLog = "lab log (any strategy)";

    private static readonly string Recommended = StrategyRegistration.NameOf(typeof(BatchingPipelineStrategy));
    private static readonly string[] GoalWorkloads = ["PersistAsync", "PersistGroup100", "PersistGroup200", "PersistGroup400"];

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<JournalSuiteSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var peers = provider as IPeerDatabaseProvider;
        var strategies = await AvailableAsync(options.Strategies, provider, console, cancellationToken).ConfigureAwait(false);
        var workloads = JournalWorkload.All(settings.Messages);
        var cells = new List<JournalCell>();
        var verdicts = new List<JournalVerdict>();
        var paired = new Dictionary<string, List<(double? Recommended, double? Peer)>>();
        var peerSettings = peers is null ? $"not run: the {provider.Name} store cannot give a peer a database" : "";
        var clock = Stopwatch.StartNew();
        for (var w = 0; w < workloads.Count; w++)
        {
            var workload = workloads[w];
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"[{w + 1,2}/{workloads.Count}] {clock.Elapsed:mm\\:ss} elapsed: {workload.Name} ({workload.Actors} x {workload.MessagesPerActor} messages)"));
            var contenders = new List<IJournalContender>();
            try
            {
                if (workload.Recovers)
                {
                    contenders.Add(await OpenLabLogAsync(provider, strategies, cancellationToken).ConfigureAwait(false));
                }
                else
                {
                    foreach (var registration in strategies)
                    {
                        contenders.Add(await OpenStrategyAsync(provider, registration, cancellationToken).ConfigureAwait(false));
                    }
                }

                if (peers is not null)
                {
                    var peer = await AkkaJournalPeer.StartAsync(await peers.CreatePeerDatabaseAsync(cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
                    peerSettings = peer.Settings;
                    contenders.Add(new AkkaJournalContender(peer));
                }

                var run = await RunWorkloadAsync(workload, w, contenders, provider, settings, console, cancellationToken).ConfigureAwait(false);
                cells.AddRange(run.Cells);
                if (run.Verdict is { } verdict)
                {
                    verdicts.Add(verdict);
                }

                if (GoalWorkloads.Contains(workload.Name))
                {
                    paired[workload.Name] = run.Paired(Recommended, AkkaJournalContender.ContenderName);
                }
            }
            finally
            {
                foreach (var contender in contenders)
                {
                    await contender.DisposeAsync().ConfigureAwait(false);
                }
            }
        }

        var columns = strategies.Select(s => s.Name).Append(LabLog).Append(AkkaJournalContender.ContenderName)
            .Where(c => cells.Any(cell => cell.Contender == c)).ToArray();
        var goals = GoalWorkloads.Select(name => new PipelineGoal(
            name, Recommended, $"{name}: {Recommended} msg/s over Akka.Persistence.Sql's, paired race round by race round",
            paired.TryGetValue(name, out var pairs) ? RoundStatistics.PairedRatio([.. pairs.Select(p => p.Recommended)], [.. pairs.Select(p => p.Peer)]) : null,
            2.0, AtLeast: true, "median of the per-iteration ratios with its 95% interval")).ToArray();
        var result = new JournalSuiteResult(
            settings, workloads, columns, cells, goals, peerSettings,
            EnvironmentProbe.ForSuite(provider.Description, commandLine, suite.Started), settings.Race, verdicts);
        console.WriteLine($"Results: {suite.Complete(Report, result)}");
        return cells.Any(c => c.Broken.Count > 0) ? ExitCodes.BrokenGuarantee
            : cells.Any(c => c.Failure is not null) ? ExitCodes.SomeCasesFailed
            : ExitCodes.Verified;
    }

    private static async Task<IReadOnlyList<StrategyRegistration>> AvailableAsync(
        IReadOnlyList<StrategyRegistration> strategies, IEventStoreProvider provider, TextWriter console, CancellationToken cancellationToken)
    {
        await using var log = await provider.CreateFreshStoreAsync(cancellationToken).ConfigureAwait(false);
        if (log is not IStreamReader)
        {
            throw new ArgumentException($"suite journal: the {provider.Name} store cannot read one stream; the journal suite runs on: postgres.");
        }

        foreach (var (name, reason) in strategies.Select(s => (s.Name, Reason: s.UnavailableOn(log))).Where(s => s.Reason is not null))
        {
            console.WriteLine($"  {name}: not available on this store ({reason})");
        }

        return [.. strategies.Where(s => s.UnavailableOn(log) is null)];
    }

    private static async Task<StrategyJournalContender> OpenStrategyAsync(IEventStoreProvider provider, StrategyRegistration registration, CancellationToken cancellationToken)
    {
        var log = await provider.CreateFreshStoreAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var streams = (IStreamReader)log;
            await streams.IndexStreamsAsync(cancellationToken).ConfigureAwait(false);
            return new StrategyJournalContender(registration.Create(log, new CommitStrategyOptions()), log, streams);
        }
        catch
        {
            await log.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    private static async Task<IJournalContender> OpenLabLogAsync(IEventStoreProvider provider, IReadOnlyList<StrategyRegistration> strategies, CancellationToken cancellationToken)
    {
        // Whoever writes them, the streams are the same rows; the recommended strategy writes them fastest.
        var writer = strategies.FirstOrDefault(s => s.Name == Recommended) ?? strategies[0];
        return new NamedContender(LabLog, await OpenStrategyAsync(provider, writer, cancellationToken).ConfigureAwait(false));
    }

    private static async Task<WorkloadRun> RunWorkloadAsync(
        JournalWorkload workload, int seed, IReadOnlyList<IJournalContender> contenders, IEventStoreProvider provider, JournalSuiteSettings settings, TextWriter console,
        CancellationToken cancellationToken)
    {
        var failures = new Dictionary<string, string>();
        var written = contenders.ToDictionary(c => c.Name, _ => new Dictionary<string, int>());
        var turns = contenders.ToDictionary(c => c.Name, _ => 0);
        var byName = contenders.ToDictionary(c => c.Name);
        string[] Streams(string prefix) => [.. Enumerable.Range(1, workload.Actors).Select(a => string.Create(CultureInfo.InvariantCulture, $"{workload.Name}-{prefix}-{a}"))];
        if (workload.Recovers)
        {
            // Written once, untimed, in groups of 50 (the fastest way each offers); every iteration replays the same streams.
            var streams = Streams("recovered");
            foreach (var contender in contenders)
            {
                await contender.PersistAsync(streams, PersistMode.PersistAll, workload.MessagesPerActor, cancellationToken).ConfigureAwait(false);
                foreach (var stream in streams)
                {
                    written[contender.Name][stream] = workload.MessagesPerActor;
                }
            }
        }

        // A goal workload's two contenders race to the end: the goal pairs their rounds.
        var pinned = GoalWorkloads.Contains(workload.Name) ? new[] { Recommended, AkkaJournalContender.ContenderName } : [];
        var race = new Race(
            [.. contenders.Select(c => new RaceEntrant(c.Name, [workload.Name], pinned.Contains(c.Name)))], [new RaceGroup(workload.Name, MustDecide: true)], settings.Race);
        var runner = new RaceRunner(race, TurnAsync, seed, round => console.WriteLine(round == 0
            ? "      qualifying round (a warm-up: every contender races on)"
            : string.Create(CultureInfo.InvariantCulture, $"      race round {round} of at most {settings.Race.MaximumRounds}: {string.Join(", ", race.Running)}")));
        if (settings.Warmups > 1)
        {
            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"      {settings.Warmups - 1} warm-up iteration(s) before the qualifying round"));
        }

        await runner.WarmUpAsync(settings.Warmups - 1, cancellationToken).ConfigureAwait(false);
        await runner.QualifyAsync(cancellationToken).ConfigureAwait(false);
        await runner.RunAsync(cancellationToken).ConfigureAwait(false);

        var cells = new List<JournalCell>();
        var broken = new Dictionary<string, IReadOnlyList<string>>();
        foreach (var contender in contenders)
        {
            broken[contender.Name] = await contender.VerifyAsync(written[contender.Name], cancellationToken).ConfigureAwait(false);
            var completed = race.RoundsOf(contender.Name).OfType<double>().ToArray();
            var kept = JournalStatistics.WithoutOutliers(completed);
            var cell = new JournalCell(
                workload.Name, contender.Name, completed, kept, kept.Count == 0 ? null : RoundStatistics.Median([.. kept]),
                failures.GetValueOrDefault(contender.Name), broken[contender.Name], written[contender.Name].Count, race.Exits.GetValueOrDefault(contender.Name));
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"      {contender.Name}: {(cell.MessagesPerSecond is { } m ? $"{m.Estimate:N0} msg/s over {completed.Length} rounds" : "no figure")}; {cell.StreamsChecked} streams read back, {(cell.Broken.Count == 0 ? "all exact" : $"{cell.Broken.Count} BROKEN: {cell.Broken[0]}")}"));
            cells.Add(cell);
        }

        var verdict = RaceVerdict.Of(race, workload.Name, name => broken[name].Count > 0 ? "streams read back wrong" : failures.GetValueOrDefault(name));
        console.WriteLine($"      {race.Rounds} race rounds, {RaceEnds.Describe(race.End)}: {(verdict is null ? "no verdict" : VerdictText.Of(verdict))}");
        return new WorkloadRun(cells, verdict is null ? null : new JournalVerdict(workload.Name, verdict), race);

        async Task<double?> TurnAsync(string name, bool qualifying)
        {
            if (failures.ContainsKey(name))
            {
                return null;
            }

            var contender = byName[name];
            var turn = turns[name]++;
            var streams = workload.Recovers ? Streams("recovered") : Streams(string.Create(CultureInfo.InvariantCulture, $"i{turn}"));
            await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
            using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            limit.CancelAfter(settings.IterationLimit);
            var watch = Stopwatch.StartNew();
            try
            {
                var work = workload.Recovers
                    ? contender.RecoverAsync(streams, workload.MessagesPerActor, limit.Token)
                    : contender.PersistAsync(streams, workload.Mode, workload.MessagesPerActor, limit.Token);
                await work.ConfigureAwait(false);
                watch.Stop();
            }
            catch (Exception) when (limit.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
            {
                // The limit fired: whatever it surfaced as (a cancellation, or a commit whose outcome the cancelled
                // attempt could not learn), the iteration ran out of time.
                failures[name] = string.Create(CultureInfo.InvariantCulture, $"timed out: iteration {turn + 1} passed {settings.IterationLimit.TotalSeconds:0} s");
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                failures[name] = string.Create(CultureInfo.InvariantCulture, $"iteration {turn + 1} failed: {e.GetType().Name}: {e.Message}");
            }

            if (failures.TryGetValue(name, out var failure))
            {
                console.WriteLine($"      {name}: {failure}");
                return null;
            }

            if (!workload.Recovers)
            {
                foreach (var stream in streams)
                {
                    written[name][stream] = workload.MessagesPerActor;
                }
            }

            return workload.Messages / watch.Elapsed.TotalSeconds;
        }
    }

    private sealed record WorkloadRun(IReadOnlyList<JournalCell> Cells, JournalVerdict? Verdict, Race Race)
    {
        public List<(double? Recommended, double? Peer)> Paired(string recommended, string peer) =>
            Race.Entrants.Any(e => e.Name == recommended) && Race.Entrants.Any(e => e.Name == peer)
                ? [.. Race.RoundsOf(recommended).Zip(Race.RoundsOf(peer), (x, y) => (x, y))]
                : [];
    }
}
