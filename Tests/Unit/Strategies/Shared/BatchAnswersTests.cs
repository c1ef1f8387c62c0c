using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>How the pipeline's writer answers a written batch: its callers, answered in shares off the writer, each get their own outcome.</summary>
public sealed class BatchAnswersTests
{
    private readonly SampleEvents _events = new();

    [Fact]
    public async Task each_caller_of_a_batch_gets_its_own_outcome()
    {
        PendingCommit[] batch = [Pending(), Pending(), Pending()];
        var refused = new ConcurrencyConflictException(new AggregateKey("order-1", "Order"), 3, 4);
        var first = Result(batch[0].Request, 0);
        var third = Result(batch[2].Request, 1);

        BatchAnswers.Send(batch, [
            CommitOutcome.Committed(batch[0].Request, first),
            CommitOutcome.Failed(batch[1].Request, refused),
            CommitOutcome.Committed(batch[2].Request, third)]);

        Assert.Same(first, await batch[0].Completion.Task.WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken));
        Assert.Same(refused, await Assert.ThrowsAsync<ConcurrencyConflictException>(() => batch[1].Completion.Task.WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken)));
        Assert.Same(third, await batch[2].Completion.Task.WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken));
    }

    private PendingCommit Pending() => new(CommitRequest.ForEvents(_events.Create(1)), new GroupCommitAnswer<CommitResult>(TaskCreationOptions.None, CancellationToken.None), Stopwatch.GetTimestamp());

    private static CommitResult Result(CommitRequest request, long first) => new(request.CommitId, [first], null);
}
