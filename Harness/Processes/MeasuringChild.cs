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
/// in a command mode run by the engine's own runners, or making plain commits of their own, from an agreed moment,
/// through an unmeasured ramp and a measured window; then one line with what it counted. It tells its parent nothing per commit, so nothing but the commits
/// costs it time.
/// </summary>
internal static class MeasuringChild
{
    public const string Verb = "measure-writer";

    /// <summary>The arguments after the verb, in order.</summary>
    public const string Usage = "STORE ADDRESS STRATEGY COMMITTERS METHOD EVENTS_PER_COMMIT AGGREGATES AGGREGATES_NAME COMMAND_MODE CONFLICT_RETRIES START_UNIX_MS RAMP_MS WINDOW_MS";

    public static async Task<int> RunAsync(IReadOnlyList<string> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (args.Count != 13)
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

        var start = DateTimeOffset.FromUnixTimeMilliseconds(long.Parse(args[10], CultureInfo.InvariantCulture));
        if (start - DateTimeOffset.UtcNow is { Ticks: > 0 } wait)
        {
            await Task.Delay(wait).ConfigureAwait(false);
        }

        var opens = Stopwatch.GetTimestamp() + Ticks(Number(11));
        var closes = opens + Ticks(Number(12));
        long commits = 0, events = 0;
        // The tally is read at the window's edges, so commands drained after it count in neither.
        var tallied = Task.Run(async () =>
        {
            await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), opens)).ConfigureAwait(false);
            contention.Reset();
            await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), closes)).ConfigureAwait(false);
            return contention.Summary(0);
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
        Console.Out.WriteLine(JsonSerializer.Serialize(new WriterTally(commits, events, counted.Conflicts, counted.Retries, counted.GivenUp, Number(12) / 1000.0)));
        await Console.Out.FlushAsync().ConfigureAwait(false);
        return 0;
    }

    private static long Ticks(int milliseconds) => milliseconds * Stopwatch.Frequency / 1000;
}
