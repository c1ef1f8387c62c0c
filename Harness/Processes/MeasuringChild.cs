using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// The child's side of a measuring writer process: committers commanding aggregates every writer process names alike,
/// in a command mode run by the engine's own runners, or making plain commits of their own, from a moment agreed once
/// every process is ready, through an unmeasured ramp and a measured window; then one line with what it counted. It
/// tells its parent nothing per commit, so nothing but the commits costs it time.
/// </summary>
internal static class MeasuringChild
{
    public const string Verb = "measure-writer";

    /// <summary>The arguments after the verb, in order.</summary>
    public const string Usage = "STORE ADDRESS STRATEGY COMMITTERS METHOD EVENTS_PER_COMMIT AGGREGATES AGGREGATES_NAME COMMAND_MODE CONFLICT_RETRIES RAMP_MS WINDOW_MS";

    /// <summary>
    /// The line the process prints once its store and strategy are open and it has read from the store; it then reads
    /// one line, the moment (Unix milliseconds) its ramp starts.
    /// </summary>
    public const string Ready = "ready";

    public static async Task<int> RunAsync(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (args.Count != 12)
        {
            throw new ArgumentException($"{Verb} {Usage} (an internal verb of the processes suite)");
        }

        int Number(int i) => int.Parse(args[i], CultureInfo.InvariantCulture);
        var registration = StoreCatalog.Get(args[0]);
        var open = registration.OpenAt ?? throw new ArgumentException($"{Verb}: --store {registration.Name} cannot be opened from another process.");
        var store = open(args[1]);
        var strategy = StrategyCatalog.Get(args[2]).Create(store, new CommitStrategyOptions());
        var committers = Number(3);
        var contender = new StrategyContender(strategy, store);
        var (slots, contention, runner) = Enum.Parse<BenchmarkMethod>(args[4]) == BenchmarkMethod.CommitEvents
            ? WriterCommands.Plain(contender, store, strategy, committers, Number(5))
            : WriterCommands.OnSharedAggregates(contender, store, strategy, committers, Number(5), Number(6), args[7], Enum.Parse<CommandMode>(args[8]), Number(9));

        // One read opens a connection (and compiles the client's path to the database) before the process says it is ready.
        await store.ReadSequenceNumbersAfterAsync(long.MaxValue - 1, 1, CancellationToken.None).ConfigureAwait(false);
        await Console.Out.WriteLineAsync(Ready).ConfigureAwait(false);
        await Console.Out.FlushAsync().ConfigureAwait(false);
        var moment = await Console.In.ReadLineAsync().ConfigureAwait(false) ?? throw new InvalidOperationException($"{Verb}: no start moment after {Ready}.");
        var start = DateTimeOffset.FromUnixTimeMilliseconds(long.Parse(moment, CultureInfo.InvariantCulture));
        if (start - DateTimeOffset.UtcNow is { Ticks: > 0 } wait)
        {
            await Task.Delay(wait).ConfigureAwait(false);
        }

        var opens = Stopwatch.GetTimestamp() + Ticks(Number(10));
        var closes = opens + Ticks(Number(11));
        long commits = 0, events = 0;
        // The tally is read at the window's edges, so commands drained after it count in neither.
        var tallied = Task.Run(async () =>
        {
            await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), opens)).ConfigureAwait(false);
            contention.Reset();
            var retriesBefore = strategy.Counters.Retries;
            await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), closes)).ConfigureAwait(false);
            return (Contention: contention.Summary(0), StrategyRetries: strategy.Counters.Retries - retriesBefore);
        });

        async Task CommitterAsync(int slot)
        {
            while (Stopwatch.GetTimestamp() < closes)
            {
                var (acknowledged, moved) = await runner.RunAsync([slots.Next(slot, measured: true)], measured: true, CancellationToken.None).ConfigureAwait(false);
                var at = Stopwatch.GetTimestamp();
                if (at >= opens && at < closes)
                {
                    Interlocked.Add(ref commits, acknowledged);
                    Interlocked.Add(ref events, moved);
                }
            }
        }

        await Task.WhenAll(Enumerable.Range(0, committers).Select(slot => Task.Run(() => CommitterAsync(slot)))).ConfigureAwait(false);
        var counted = await tallied.ConfigureAwait(false);
        await contender.DisposeAsync().ConfigureAwait(false);
        Console.Out.WriteLine(JsonSerializer.Serialize(new WriterTally(
            commits, events, counted.Contention.Conflicts, counted.Contention.Retries, counted.Contention.GivenUp, Number(11) / 1000.0, StrategyRetries: counted.StrategyRetries)));
        await Console.Out.FlushAsync().ConfigureAwait(false);
        return 0;
    }

    private static long Ticks(int milliseconds) => milliseconds * Stopwatch.Frequency / 1000;
}
