using System.Diagnostics;
using System.Text.Json;
using EventCommitLab.Contract.Model;
using EventCommitLab.Harness.Suites;
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
    private readonly Dictionary<Guid, (EventFingerprint[] Events, AggregateExpectation? Expected)> _inFlight = [];
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
    /// <param name="hot">Aggregate commands on aggregates every writer process shares, run in a command mode; null for plain commits.</param>
    public static WriterProcess Start(string store, string address, string strategy, int committers, int eventsPerCommit, CommitLedger ledger, HotAggregates? hot = null)
    {
        string[] shared = hot is null ? [] : [hot.Aggregates.ToString(System.Globalization.CultureInfo.InvariantCulture), hot.Commands.ToString()];
        string[] arguments = [Verb, store, address, strategy, committers.ToString(System.Globalization.CultureInfo.InvariantCulture), eventsPerCommit.ToString(System.Globalization.CultureInfo.InvariantCulture), .. shared];
        var process = Process.Start(SuiteChildStart.Of(arguments)) ?? throw new InvalidOperationException("The writer process did not start.");
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
        foreach (var (commitId, (events, _)) in _inFlight)
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
                _inFlight[line.CommitId] = (line.Events!, line.Expected);
                continue;
            }

            if (!_inFlight.Remove(line.CommitId, out var started))
            {
                continue;
            }

            var (events, expected) = started;

            _ledger.Record(line.Kind switch
            {
                "ack" => new LedgerEntry(line.CommitId, events.Length, LedgerOutcome.Acknowledged, line.Numbers, null, events, line.AggregateVersion, expected),
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
