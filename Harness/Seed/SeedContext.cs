using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Seed;

/// <summary>
/// What the seed's benchmark class reads that BenchmarkDotNet cannot pass it: the store the verb started and the
/// strategies asked for. BenchmarkDotNet creates the class itself, and the in-process toolchain runs it in this
/// process, so the verb sets these before the run and reads the checks back after it.
/// </summary>
internal static class SeedContext
{
    private static readonly List<SeedCheck> ChecksMade = [];
    private static readonly Lock Gate = new();

    public static IEventStoreProvider? Provider { get; set; }

    public static int PayloadBytes { get; set; } = global::EventCommitLab.Contract.Workload.SampleEvents.DefaultPayloadBytes;

    /// <summary>The strategies the benchmark's Strategy parameter takes, by name.</summary>
    public static IReadOnlyList<StrategyRegistration> Strategies { get; set; } = [];

    public static IReadOnlyList<SeedCheck> Checks
    {
        get
        {
            lock (Gate)
            {
                return [.. ChecksMade];
            }
        }
    }

    public static void Add(SeedCheck check)
    {
        lock (Gate)
        {
            ChecksMade.Add(check);
        }
    }

    public static void ClearChecks()
    {
        lock (Gate)
        {
            ChecksMade.Clear();
        }
    }
}
