using System.Globalization;
using System.Text.Json;
using System.Threading.Channels;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// The child's side of a <see cref="WriterProcess"/>: commits until killed, each commit's start line flushed to the
/// parent before the commit is sent and its outcome after. Plain commits by default; with shared aggregates, aggregate
/// commands on aggregates every writer process names alike, run in a command mode by the engine's own runners.
/// </summary>
internal static class WriterChild
{
    /// <summary>A command that conflicts is tried again until it lands: the writer runs until it is killed.</summary>
    private const int ConflictRetries = 1_000_000;

    public static async Task<int> RunAsync(IReadOnlyList<string> args)
    {
        if (args.Count is not (5 or 7))
        {
            throw new ArgumentException($"{WriterProcess.Verb} STORE ADDRESS STRATEGY COMMITTERS EVENTS_PER_COMMIT [SHARED_AGGREGATES COMMAND_MODE] (an internal verb of the faults suite)");
        }

        var registration = StoreCatalog.Get(args[0]);
        var open = registration.OpenAt ?? throw new ArgumentException($"{WriterProcess.Verb}: --store {registration.Name} cannot be opened from another process.");
        var store = open(args[1]);
        var strategy = StrategyCatalog.Get(args[2]).Create(store, new CommitStrategyOptions());
        var committers = int.Parse(args[3], CultureInfo.InvariantCulture);
        var eventsPerCommit = int.Parse(args[4], CultureInfo.InvariantCulture);
        var lines = Channel.CreateUnbounded<(string Line, TaskCompletionSource? Flushed)>();
        var writing = WriteLinesAsync(lines.Reader, new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = false });

        async Task AnnounceAsync(CommitRequest request)
        {
            var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            await lines.Writer.WriteAsync((Json(new WriterLine("start", request.CommitId, EventFingerprint.Of(request), Expected: request.Aggregate)), started)).ConfigureAwait(false);
            await started.Task.ConfigureAwait(false);
        }

        void Report(CommitOutcome outcome) => lines.Writer.TryWrite((Json(LineOf(outcome)), null));

        var committing = args.Count == 7
            ? CommandAsync(store, strategy, committers, eventsPerCommit, int.Parse(args[5], CultureInfo.InvariantCulture), Enum.Parse<CommandMode>(args[6]), AnnounceAsync, Report)
            : CommitPlainAsync(strategy, committers, eventsPerCommit, AnnounceAsync, Report);
        await Task.WhenAll(writing, committing).ConfigureAwait(false);
        return 0;
    }

    private static Task CommitPlainAsync(ICommitStrategy strategy, int committers, int eventsPerCommit, Func<CommitRequest, Task> announce, Action<CommitOutcome> report)
    {
        var sample = new SampleEvents();

        async Task CommitterAsync()
        {
            while (true)
            {
                var request = CommitRequest.ForEvents(sample.Create(eventsPerCommit));
                await announce(request).ConfigureAwait(false);
                try
                {
                    report(CommitOutcome.Committed(request, await strategy.CommitAsync(request, CancellationToken.None).ConfigureAwait(false)));
                }
                catch (Exception e)
                {
                    report(CommitOutcome.Failed(request, e));
                }
            }
        }

        return Task.WhenAll(Enumerable.Range(0, committers).Select(_ => Task.Run(CommitterAsync)));
    }

    /// <summary>Committers drawing aggregate commands from the shared aggregates, run by the engine's runner for <paramref name="commands"/>.</summary>
    private static Task CommandAsync(
        IEventLog store, ICommitStrategy strategy, int committers, int eventsPerCommit, int aggregates, CommandMode commands, Func<CommitRequest, Task> announce, Action<CommitOutcome> report)
    {
        var contender = new StreamingContender(new StrategyContender(strategy, store), announce, report);
        var (slots, _, runner) = WriterCommands.OnSharedAggregates(contender, store, strategy, committers, eventsPerCommit, aggregates, "hot", commands, ConflictRetries);

        async Task CommitterAsync(int slot)
        {
            while (true)
            {
                try
                {
                    _ = await runner.RunAsync([slots.Next(slot, measured: true)], measured: true, CancellationToken.None).ConfigureAwait(false);
                }
                catch (Exception)
                {
                    // Its outcome went to the parent as it came; the committer takes its next command.
                }
            }
        }

        return Task.WhenAll(Enumerable.Range(0, committers).Select(slot => Task.Run(() => CommitterAsync(slot))));
    }

    private static async Task WriteLinesAsync(ChannelReader<(string Line, TaskCompletionSource? Flushed)> lines, StreamWriter output)
    {
        var flushed = new List<TaskCompletionSource>();
        while (await lines.WaitToReadAsync().ConfigureAwait(false))
        {
            while (lines.TryRead(out var item))
            {
                await output.WriteLineAsync(item.Line).ConfigureAwait(false);
                if (item.Flushed is not null)
                {
                    flushed.Add(item.Flushed);
                }
            }

            // One flush for every start line queued meanwhile: a commit is sent only once its parent knows of it.
            await output.FlushAsync().ConfigureAwait(false);
            flushed.ForEach(f => f.TrySetResult());
            flushed.Clear();
        }
    }

    private static WriterLine LineOf(CommitOutcome outcome) => outcome switch
    {
        { Result: { } result } => new WriterLine("ack", outcome.Request.CommitId, Numbers: [.. result.SequenceNumbers], AggregateVersion: result.AggregateVersion),
        { Failure: var e } => new WriterLine(
            e switch { ConcurrencyConflictException => "conflict", CommitOutcomeUnknownException or OperationCanceledException => "unknown", _ => "failed" },
            outcome.Request.CommitId,
            Failure: $"{e?.GetType().Name}: {e?.Message.Split('\n')[0].Trim()}"),
    };

    private static string Json(WriterLine line) => JsonSerializer.Serialize(line);
}
