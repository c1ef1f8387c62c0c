using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Peers.AkkaJournal;
using EventCommitLab.Reporting;
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

    private static readonly Option<long> Rounds = LabOption.Of("--rounds", "N", "the most race rounds per workload (it stops once decided), 1..100", (o, v) => OptionValues.Number(o, v, 1, 100));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite journal</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "the Akka.NET journal benchmark through every strategy and the real Akka.Persistence.Sql journal",
        "the workloads are the original benchmark's", [SuiteOptions.Quick, Messages, Rounds, GridOptions.Strategies],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? JournalSuiteSettings.Quick : JournalSuiteSettings.Full) is var journal
            ? o with
            {
                Suite = Name,
                SuiteSettings = journal with
                {
                    Messages = r.Given(Messages, out var m) ? (int)m : journal.Messages,
                    Rounds = r.Given(Rounds, out var n) ? (int)n : journal.Rounds,
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

                // A goal workload's two contenders race to the end: the goal pairs their rounds.
                var pinned = GoalWorkloads.Contains(workload.Name) ? new[] { Recommended, AkkaJournalContender.ContenderName } : [];
                var run = await JournalWorkloadRace.RunAsync(workload, w, contenders, pinned, provider, settings, console, cancellationToken).ConfigureAwait(false);
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
        await using var log = await provider.CreateFreshLogAsync(cancellationToken).ConfigureAwait(false);
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
        var log = await provider.CreateFreshLogAsync(cancellationToken).ConfigureAwait(false);
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
}
