using System.Diagnostics;
using System.Text.Json;
using System.Threading.Channels;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// A strategy committing from a process of its own (the harness run as <c>commit-writer</c>), streaming every commit
/// to the parent before it is sent and its outcome after, so the parent can kill it with SIGKILL mid-load and still
/// hold a ledger of everything it may have written.
/// </summary>
internal sealed class WriterProcess : IAsyncDisposable
{
    public const string Verb = "commit-writer";
    private readonly Process _process;
    private readonly Task _reading;
    private readonly Dictionary<Guid, EventFingerprint[]> _inFlight = [];
    private readonly CommitLedger _ledger;
    private int _acknowledged;
    private readonly System.Collections.Concurrent.ConcurrentQueue<string> _errors = new();

    private WriterProcess(Process process, CommitLedger ledger)
    {
        _process = process;
        _ledger = ledger;
        _reading = ReadAsync();
    }

    /// <summary>Starts a writer process on the log of <paramref name="store"/> (a catalog name) at <paramref name="address"/>.</summary>
    public static WriterProcess Start(string store, string address, string strategy, int committers, int eventsPerCommit, CommitLedger ledger)
    {
        var start = new ProcessStartInfo(Path.Combine(AppContext.BaseDirectory, "EventCommitLab.Harness"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in new[] { Verb, store, address, strategy, committers.ToString(System.Globalization.CultureInfo.InvariantCulture), eventsPerCommit.ToString(System.Globalization.CultureInfo.InvariantCulture) })
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException("The writer process did not start.");
        var writer = new WriterProcess(process, ledger);
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is { } line)
            {
                writer._errors.Enqueue(line);
            }
        };
        process.BeginErrorReadLine();
        return writer;
    }

    /// <summary>What the process wrote to stderr, for a failure's cause.</summary>
    public string Errors => string.Join(" ", _errors.Take(5));

    /// <summary>Acknowledged commits streamed so far.</summary>
    public int Acknowledged => Volatile.Read(ref _acknowledged);

    /// <summary>Waits until the process has acknowledged a first commit (a process starts, jits and connects first), within a limit.</summary>
    /// <exception cref="InvalidOperationException">None came within <paramref name="limit"/>, or the process ended.</exception>
    public async Task WaitUntilCommittingAsync(TimeSpan limit, CancellationToken cancellationToken)
    {
        var until = DateTime.UtcNow + limit;
        while (Volatile.Read(ref _acknowledged) == 0)
        {
            if (DateTime.UtcNow > until || _process.HasExited)
            {
                throw new InvalidOperationException($"The writer process acknowledged nothing within {limit.TotalSeconds:0} s{(_process.HasExited ? " and exited" : "")}: {Errors}");
            }

            await Task.Delay(50, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Kills the process with SIGKILL, reads what it streamed before it died, and records every commit it had started but not answered as unknown.</summary>
    public async Task KillAsync()
    {
        _process.Kill(entireProcessTree: true);
        await _process.WaitForExitAsync().ConfigureAwait(false);
        await _reading.ConfigureAwait(false);
        foreach (var (commitId, events) in _inFlight)
        {
            _ledger.Record(new LedgerEntry(commitId, events.Length, LedgerOutcome.Unknown, null, "in flight when its writer process was killed", events));
        }

        _inFlight.Clear();
    }

    public async ValueTask DisposeAsync()
    {
        if (!_process.HasExited)
        {
            await KillAsync().ConfigureAwait(false);
        }

        _process.Dispose();
    }

    /// <summary>The child's side: commits until killed, each commit's start line flushed before the commit is sent.</summary>
    public static async Task<int> RunChildAsync(IReadOnlyList<string> args)
    {
        if (args.Count != 5)
        {
            throw new ArgumentException($"{Verb} STORE ADDRESS STRATEGY COMMITTERS EVENTS_PER_COMMIT (an internal verb of the faults suite)");
        }

        var registration = StoreCatalog.Get(args[0]);
        var open = registration.OpenAt ?? throw new ArgumentException($"{Verb}: --store {registration.Name} cannot be opened from another process.");
        var store = open(args[1]);
        var strategy = StrategyCatalog.Get(args[2]).Create(store, new CommitStrategyOptions());
        var sample = new SampleEvents();
        var eventsPerCommit = int.Parse(args[4], System.Globalization.CultureInfo.InvariantCulture);
        var lines = Channel.CreateUnbounded<(string Line, TaskCompletionSource? Flushed)>();
        var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = false };
        var writing = Task.Run(async () =>
        {
            var flushed = new List<TaskCompletionSource>();
            while (await lines.Reader.WaitToReadAsync().ConfigureAwait(false))
            {
                while (lines.Reader.TryRead(out var item))
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
        });

        async Task CommitterAsync()
        {
            while (true)
            {
                var request = CommitRequest.ForEvents(sample.Create(eventsPerCommit));
                var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                await lines.Writer.WriteAsync((Json(new WriterLine("start", request.CommitId, EventFingerprint.Of(request))), started)).ConfigureAwait(false);
                await started.Task.ConfigureAwait(false);
                WriterLine outcome;
                try
                {
                    var result = await strategy.CommitAsync(request, CancellationToken.None).ConfigureAwait(false);
                    outcome = new WriterLine("ack", request.CommitId, Numbers: [.. result.SequenceNumbers], AggregateVersion: result.AggregateVersion);
                }
                catch (Exception e)
                {
                    var kind = e switch { ConcurrencyConflictException => "conflict", CommitOutcomeUnknownException or OperationCanceledException => "unknown", _ => "failed" };
                    outcome = new WriterLine(kind, request.CommitId, Failure: $"{e.GetType().Name}: {e.Message.Split('\n')[0].Trim()}");
                }

                await lines.Writer.WriteAsync((Json(outcome), null)).ConfigureAwait(false);
            }
        }

        await Task.WhenAll([writing, .. Enumerable.Range(0, int.Parse(args[3], System.Globalization.CultureInfo.InvariantCulture)).Select(_ => Task.Run(CommitterAsync))]).ConfigureAwait(false);
        return 0;
    }

    private static string Json(WriterLine line) => JsonSerializer.Serialize(line);

    private async Task ReadAsync()
    {
        string? text;
        while ((text = await _process.StandardOutput.ReadLineAsync().ConfigureAwait(false)) is not null)
        {
            WriterLine line;
            try
            {
                line = JsonSerializer.Deserialize<WriterLine>(text)!;
            }
            catch (JsonException)
            {
                // The last line may be cut by the kill; its commit stays in flight (unknown).
                continue;
            }

            if (line.Kind == "start")
            {
                _inFlight[line.CommitId] = line.Events!;
                continue;
            }

            if (!_inFlight.Remove(line.CommitId, out var events))
            {
                continue;
            }

            _ledger.Record(line.Kind switch
            {
                "ack" => new LedgerEntry(line.CommitId, events.Length, LedgerOutcome.Acknowledged, line.Numbers, null, events, line.AggregateVersion),
                "conflict" => new LedgerEntry(line.CommitId, events.Length, LedgerOutcome.Conflict, null, null, events),
                "unknown" => new LedgerEntry(line.CommitId, events.Length, LedgerOutcome.Unknown, null, line.Failure, events),
                _ => new LedgerEntry(line.CommitId, events.Length, LedgerOutcome.Failed, null, line.Failure, events),
            });
            if (line.Kind == "ack")
            {
                Interlocked.Increment(ref _acknowledged);
            }
        }
    }
}
