using BenchmarkDotNet.Attributes;
using EventCommitLab.Harness.Cli;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// The grid as BenchmarkDotNet sees it. One operation is one wave: ConcurrentBatches concurrent commits of
/// NumberOfEvents events each, as in the seed benchmark. Every case gets a fresh log in its global setup and is
/// verified in its global cleanup.
/// </summary>
/// <remarks>
/// Public and unsealed because BenchmarkDotNet requires it of benchmark classes. Setup, cleanup and the workload
/// block on their tasks: BenchmarkDotNet 0.14's in-process emit toolchain did not await an async global setup here,
/// and a wave must be timed to its last commit, so nothing is left to the toolchain's handling of tasks. The
/// blocking costs every contender the same.
/// </remarks>
[MemoryDiagnoser]
public class CommitWaveBenchmarks
{
    private CaseWorkload? _workload;

    public static IEnumerable<string> Contenders => Run.Contenders;

    public static IEnumerable<int> EventCounts => Run.Options.Events;

    public static IEnumerable<int> Concurrencies => Run.Options.Concurrency;

    /// <summary>A strategy's name, or Ceiling.</summary>
    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(EventCounts))]
    public int NumberOfEvents { get; set; }

    [ParamsSource(nameof(Concurrencies))]
    public int ConcurrentBatches { get; set; }

    private static LabRun Run => LabRun.Current ?? throw new InvalidOperationException("The grid runs only through the harness (dotnet run --project Harness).");

    [GlobalSetup(Target = nameof(CommitEvents))]
    public void SetUpCommitEvents() => _workload = Run.StartCaseAsync(Key(BenchmarkMethod.CommitEvents)).GetAwaiter().GetResult();

    [GlobalSetup(Target = nameof(CommitAggregateEvents))]
    public void SetUpCommitAggregateEvents() => _workload = Run.StartCaseAsync(Key(BenchmarkMethod.CommitAggregateEvents)).GetAwaiter().GetResult();

    [GlobalCleanup]
    public void CleanUp()
    {
        if (_workload is { } workload)
        {
            _workload = null;
            Run.FinishCaseAsync(workload).GetAwaiter().GetResult();
        }
    }

    [Benchmark]
    public void CommitEvents() => _workload!.RunMeasuredWaveAsync().GetAwaiter().GetResult();

    [Benchmark]
    public void CommitAggregateEvents() => _workload!.RunMeasuredWaveAsync().GetAwaiter().GetResult();

    private CaseKey Key(BenchmarkMethod method) => new(method, Contender, NumberOfEvents, ConcurrentBatches);
}
