using System.Diagnostics;
using System.Runtime.CompilerServices;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Sends commands through the contender as their application would and tells each outcome to whoever keeps count:
/// the ledger, the readers following the round, the committers' knowledge of their aggregates and the contention tally.
/// The command modes (<see cref="ICommandRunner"/>) decide when each command is sent and on which version.
/// </summary>
internal sealed class CommandAttempts(
    IContender contender, IEventStore store, CommitLedger ledger, CommitterSlots slots, CaseReaders readers, ContentionTally contention, int conflictRetries)
{
    /// <summary>
    /// One attempt: commits the commands (a group to a contender that takes whole groups, else together as separate
    /// commits). An acknowledged command moves its aggregate on; one that conflicts in a contended cell is returned to be
    /// tried again while the bound allows, else given up; one whose retries were stopped in a round's drain is neither.
    /// Any other failure (and a conflict where commits cannot conflict) fails the case: it is thrown.
    /// </summary>
    public async Task<AttemptResult> SendAsync(IReadOnlyList<CommitterCommand> commands, CancellationToken cancellationToken)
    {
        var requests = new CommitRequest[commands.Count];
        for (var i = 0; i < requests.Length; i++)
        {
            requests[i] = commands[i].Request;
        }

        var outcomes = await contender.CommitAsync(requests, cancellationToken).ConfigureAwait(false);
        var answered = Stopwatch.GetTimestamp();
        foreach (var reader in readers.Following)
        {
            reader.Acknowledged(outcomes, answered);
        }

        Exception? failure = null;
        var (commits, events) = (0, 0L);
        // Made only when a commit conflicts: every measured commit passes here, and almost none conflict.
        List<(CommitterCommand Command, Exception Conflict)>? conflicted = null;
        for (var i = 0; i < outcomes.Count; i++)
        {
            var (command, outcome) = (commands[i], outcomes[i]);
            ledger.Record(outcome);
            if (outcome.Result is { } result)
            {
                slots.Acknowledged(command, result);
                commits++;
                events += command.Request.Events.Count;
            }
            else if (outcome.Failure is CommitRetriesStoppedException)
            {
                // Stopped in a round's drain: not acknowledged, nothing of it landed (the ledger has it as failed).
            }
            else if (slots.Contended && outcome.Failure is ConcurrencyConflictException or AppendConditionFailedException)
            {
                contention.Conflicted(command.Request.Events.Count);
                if (command.Attempt <= conflictRetries)
                {
                    (conflicted ??= []).Add((command, outcome.Failure));
                }
                else
                {
                    contention.GaveUp();
                }
            }
            else
            {
                failure ??= outcome.Failure;
            }
        }

        return failure is null ? new AttemptResult(commits, events, conflicted) : throw failure;
    }

    /// <summary>
    /// Learns what conflicted commands need to decide again (from the conflicts' answers, else the store) and counts
    /// their next attempts as retries.
    /// </summary>
    public async Task PrepareRetriesAsync(IReadOnlyList<(CommitterCommand Command, Exception Conflict)> conflicted, CancellationToken cancellationToken)
    {
        await slots.RefreshAsync(conflicted, store, cancellationToken).ConfigureAwait(false);
        contention.Retried(conflicted.Count);
    }

    /// <summary>Sends the commands and tries the conflicted ones again, each decided on what was learned, until none is left.</summary>
    /// <returns>The acknowledged commands and their events (given-up commands count in neither).</returns>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<(int Commits, long Events)> RunToEndAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken)
    {
        var pending = commands;
        var (commits, events) = (0, 0L);
        while (true)
        {
            var attempt = await SendAsync(pending, cancellationToken).ConfigureAwait(false);
            (commits, events) = (commits + attempt.Commits, events + attempt.Events);
            if (attempt.Conflicted is not { } conflicted)
            {
                return (commits, events);
            }

            await PrepareRetriesAsync(conflicted, cancellationToken).ConfigureAwait(false);
            pending = [.. conflicted.Select(c => slots.Retry(c.Command, measured))];
        }
    }
}
