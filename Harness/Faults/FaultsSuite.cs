using System.Globalization;
using EventCommitLab.Contract;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// <c>faults</c>: every strategy under a sustained load of 100 committers on the private PostgreSQL, durable, while
/// the database is hurt (connections ended, the server killed and restarted); then the verifier over the ledger.
/// Written like a run: under a temporary name, renamed when complete.
/// </summary>
internal static class FaultsSuite
{
    public const int Committers = 100;
    public const int EventsPerCommit = 10;
    private static readonly TimeSpan Before = TimeSpan.FromSeconds(1.5);
    private static readonly TimeSpan After = TimeSpan.FromSeconds(3);
    private static readonly TimeSpan TerminatingFor = TimeSpan.FromSeconds(1.5);
    private const int ConnectionsPerBlow = 5;
    public const int SoakCommitters = 1000;
    public static readonly TimeSpan SoakFor = TimeSpan.FromSeconds(60);
    public static readonly string[] SoakStrategies = ["BatchingPipeline", "InsertMany"];


    public const string Name = "faults";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<FaultsSuiteResult>(
        Name, r => FaultsSummaryWriter.Write(r.Environment, r.Cases, r.Soaks),
        // What a faults run answers is whether the verifier found a broken guarantee: its figures are the failures it found.
        r => r.Cases.Select(c => (Name: $"{c.Fault}, {c.Strategy}", c.Verification))
            .Concat(r.Soaks.Select(s => (Name: $"soak, {s.Strategy}", s.Verification)))
            .Select(c => new SuiteFigure(c.Name, "failures found", new Interval(c.Verification.Violations.Where(v => v.IsFailure).Sum(v => v.Count), null, null, 1), HigherIsBetter: false)));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { Children = [new SuiteChild(WriterProcess.Verb, WriterChild.RunAsync)] };

    /// <summary><c>faults</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "every strategy under 100 committers while connections are ended and the server is killed; then the verifier",
        "the load is the suite's own: 100 committers while connections are ended and the server is killed",
        [GridOptions.Strategies],
        (_, o) => o with { Suite = Name });

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        if (!StoreCatalog.Get(options.Store).Offers<IFaultInjectionProvider>())
        {
            throw new ArgumentException(
                $"faults: --store {options.Store} cannot be hurt by the lab (connections ended, the server killed); the faults suite runs on: {string.Join(", ", StoreCatalog.Offering<IFaultInjectionProvider>())}.");
        }

        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.RequirePort<IFaultInjectionProvider>("cannot be hurt by the lab (connections ended, the server killed)");
        var cases = new List<FaultCaseResult>();
        var total = Enum.GetValues<FaultKind>().Length * options.Strategies.Count;
        foreach (var fault in Enum.GetValues<FaultKind>())
        {
            foreach (var registration in options.Strategies)
            {
                cancellationToken.ThrowIfCancellationRequested();
                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{cases.Count + 1,2}/{total}] {fault}: {registration.Name}"));
                var result = await RunCaseAsync(fault, registration, provider, options.Store, cancellationToken).ConfigureAwait(false);
                console.WriteLine($"          {Describe(result)}");
                cases.Add(result);
            }
        }

        var soaks = new List<SoakResult>();
        foreach (var registration in options.Strategies.Where(s => SoakStrategies.Contains(s.Name)))
        {
            cancellationToken.ThrowIfCancellationRequested();
            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[soak] {registration.Name}: {SoakCommitters} committers for {SoakFor.TotalSeconds:0} s"));
            var soak = await Soak.RunAsync(registration, provider, SoakCommitters, SoakFor, cancellationToken).ConfigureAwait(false);
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"          {soak.Acknowledged:N0} acknowledged, {soak.Failed:N0} failed, peak working set {soak.PeakWorkingSetBytes / 1048576.0:N0} MiB, " +
                $"{soak.UnobservedTaskExceptions} unobserved task exceptions; {(soak.Failure ?? (soak.Verification.Passed ? "verifier clean of failures" : "BROKEN GUARANTEE"))}"));
            soaks.Add(soak);
        }

        cancellationToken.ThrowIfCancellationRequested();
        var summary = suite.Complete(Report, new FaultsSuiteResult(cases, soaks, EnvironmentProbe.ForSuite(suite.Provider.Description, commandLine, suite.Started)));
        var broken = cases.Count(c => c.Verification.Checked == VerificationKind.Verifier && !c.Verification.Passed)
            + soaks.Count(s => s.Verification.Checked == VerificationKind.Verifier && !s.Verification.Passed);
        var failed = cases.Count(c => c.Failure is not null) + soaks.Count(s => s.Failure is not null);
        console.WriteLine($"Results: {summary}");
        console.WriteLine($"{cases.Count} fault cases and {soaks.Count} soaks: {broken} with a broken guarantee, {failed} that could not run or be checked.");
        return ExitCodes.OfRun(cases.Count + soaks.Count, failed, broken);
    }

    /// <param name="storeName">The store's name in the catalog, by which the writer process opens the same log.</param>
    internal static async Task<FaultCaseResult> RunCaseAsync(
        FaultKind fault, StrategyRegistration registration, IFaultInjectionProvider provider, string storeName, CancellationToken cancellationToken)
    {
        var target = await provider.CreateFaultTargetAsync(cancellationToken).ConfigureAwait(false);
        var store = target.Log;
        var ledger = new CommitLedger();
        StrategyGuarantees claims;
        await using (var unused = registration.Create(store, new CommitStrategyOptions()))
        {
            claims = unused.Guarantees;
        }

        ICommitStrategy? strategy = null;
        var injected = 0;
        FaultLoad.Outcome? load = null;
        string? failure = null;
        try
        {
            if (fault == FaultKind.KillWriterProcess)
            {
                // Another process commits, is killed mid-load, and a new instance here goes on from what it left.
                await using (var writer = WriterProcess.Start(storeName, target.Address, registration.Name, Committers, EventsPerCommit, ledger))
                {
                    await writer.WaitUntilCommittingAsync(TimeSpan.FromSeconds(60), cancellationToken).ConfigureAwait(false);
                    await Task.Delay(Before, cancellationToken).ConfigureAwait(false);
                    await writer.KillAsync().ConfigureAwait(false);
                    injected = 1;
                }

                strategy = registration.Create(store, new CommitStrategyOptions());
                load = await FaultLoad.RunAsync(strategy, ledger, Committers, EventsPerCommit, After, TimeSpan.Zero, _ => Task.CompletedTask, cancellationToken).ConfigureAwait(false);
            }
            else if (fault is FaultKind.CounterBehindLog or FaultKind.CounterAheadOfLog)
            {
                // One instance commits and stops, the log and the counter are moved apart, a new instance goes on.
                await using (var first = registration.Create(store, new CommitStrategyOptions()))
                {
                    _ = await FaultLoad.RunAsync(first, ledger, Committers, EventsPerCommit, Before, TimeSpan.Zero, _ => Task.CompletedTask, cancellationToken).ConfigureAwait(false);
                }

                await (fault == FaultKind.CounterBehindLog
                    ? CounterDrift.WriteEventsPastCounterAsync(store, ledger, cancellationToken)
                    : CounterDrift.TakeNumbersNeverWrittenAsync(store, cancellationToken)).ConfigureAwait(false);
                injected = 1;
                strategy = registration.Create(store, new CommitStrategyOptions());
                load = await FaultLoad.RunAsync(strategy, ledger, Committers, EventsPerCommit, After, TimeSpan.Zero, _ => Task.CompletedTask, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                strategy = registration.Create(store, new CommitStrategyOptions());
                async Task TerminateBackendsAsync(CancellationToken ct)
                {
                    var until = DateTime.UtcNow + TerminatingFor;
                    while (DateTime.UtcNow < until)
                    {
                        injected += await target.EndConnectionsAsync(ConnectionsPerBlow, ct).ConfigureAwait(false);
                        await Task.Delay(100, ct).ConfigureAwait(false);
                    }
                }

                async Task KillServerAsync(CancellationToken ct)
                {
                    await provider.CrashAndRestartServerAsync(ct).ConfigureAwait(false);
                    injected++;
                }

                Func<CancellationToken, Task> hurt = fault switch
                {
                    FaultKind.TerminateBackends => TerminateBackendsAsync,
                    FaultKind.KillServer when provider.ServerKillUnavailableBecause is null => KillServerAsync,
                    _ => throw new ArgumentException($"faults: {provider.ServerKillUnavailableBecause}."),
                };
                load = await FaultLoad.RunAsync(strategy, ledger, Committers, EventsPerCommit, Before, After, hurt, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            failure = FailureCause.Of(e);
        }
        finally
        {
            if (strategy is not null)
            {
                await strategy.DisposeAsync().ConfigureAwait(false);
            }
        }

        try
        {
            // Connections the fault ended may still sit idle in the pools, and the verifier must not read through one.
            target.DropIdleConnections();
            var snapshot = await store.ReadSnapshotAsync(CheckedEvent.Of, cancellationToken).ConfigureAwait(false);
            var entries = ledger.Entries;
            var report = EventLogVerifier.Verify(snapshot, entries, claims);
            var inLog = snapshot.Events.Select(e => e.CommitId).ToHashSet();
            return new FaultCaseResult(
                fault, registration.Name, claims, injected, entries.Count,
                entries.Count(e => e.Outcome == LedgerOutcome.Acknowledged),
                entries.Count(e => e.Outcome == LedgerOutcome.Failed),
                entries.Count(e => e.Outcome == LedgerOutcome.Conflict),
                entries.Count(e => e.Outcome == LedgerOutcome.Unknown),
                entries.Count(e => e.Outcome == LedgerOutcome.Unknown && inLog.Contains(e.CommitId)),
                strategy?.Counters.LostAnswersWritten ?? 0, strategy?.Counters.LostAnswersNotWritten ?? 0,
                load?.LongestStall, VerificationTally.From(report), load?.FirstFailureCause, failure);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return new FaultCaseResult(fault, registration.Name, claims, injected, 0, 0, 0, 0, 0, 0, 0, 0, null, VerificationTally.NotChecked, load?.FirstFailureCause,
                failure ?? $"verification failed: {FailureCause.Of(e)}");
        }
        finally
        {
            await target.DisposeAsync().ConfigureAwait(false);
        }
    }

    private static string Describe(FaultCaseResult c) => string.Create(CultureInfo.InvariantCulture,
        $"{c.Acknowledged:N0} acknowledged, {c.Failed:N0} failed, {c.Unknown:N0} unknown ({c.UnknownInLog} in the log); " +
        $"{(c.Failure is not null ? $"FAILED: {c.Failure}" : c.Verification.Passed ? "verifier clean of failures" : "BROKEN GUARANTEE")}");
}
