using System.Collections.Concurrent;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// What the benchmark class needs from the harness while BenchmarkDotNet drives it in this process: the grid, the
/// store, and where each case's results go. BenchmarkDotNet creates the benchmark class itself, so this is ambient.
/// </summary>
internal sealed class LabRun(HarnessOptions options, IEventStoreProvider provider, ProgressReporter progress, CancellationToken cancellation)
{
    private readonly ConcurrentDictionary<CaseKey, CaseResult> _results = new();
    private readonly ConcurrentDictionary<string, StrategyClaims> _claims = new();

    public static LabRun? Current { get; set; }

    public HarnessOptions Options { get; } = options;

    public IEventStoreProvider Provider { get; } = provider;

    public ProgressReporter Progress { get; } = progress;

    /// <summary>The strategies, then the ceiling.</summary>
    public IReadOnlyList<string> Contenders { get; } = [.. options.Strategies.Select(s => s.Name), RawCeiling.Name];

    public IReadOnlyDictionary<CaseKey, CaseResult> Results => _results;

    /// <summary>The claimed guarantees of every strategy that ran, in the order of the grid.</summary>
    public IReadOnlyList<StrategyClaims> Claims => [.. Options.Strategies.Select(s => s.Name).Where(_claims.ContainsKey).Select(n => _claims[n])];

    public static int CountCases(HarnessOptions options) =>
        (options.Strategies.Count + 1) * options.Methods.Count * options.Events.Count * options.Concurrency.Count;

    public async Task<CaseWorkload> StartCaseAsync(CaseKey key)
    {
        Progress.CaseStarting(key);
        var registration = key.Contender == RawCeiling.Name ? null : StrategyCatalog.Get(key.Contender);
        CaseWorkload workload;
        try
        {
            workload = await CaseWorkload.StartAsync(key, Provider, registration, Options.Prefill, Options.PayloadBytes, Options.CaseTimeout, cancellation);
        }
        catch (Exception e)
        {
            var result = CaseResults.NotRun(key, $"setup failed: {FailureCause.Of(e)}");
            _results[key] = result;
            Progress.CaseFinished(result);
            throw;
        }

        if (workload.Guarantees is { } g)
        {
            _claims.TryAdd(key.Contender, new StrategyClaims(key.Contender, g.AtomicMultiEventCommit, g.GapFreeSequence, g.ContiguousCommit, g.SafeWithSeveralWriterProcesses));
        }

        return workload;
    }

    public async Task FinishCaseAsync(CaseWorkload workload)
    {
        var result = await workload.FinishAsync();
        _results[workload.Key] = result;
        Progress.CaseFinished(result);
    }
}
