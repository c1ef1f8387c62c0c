using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>A queued caller's answer: the writer's answer reaches a waiting caller; a caller who cancels is told so, and the writer's later answer is dropped.</summary>
public sealed class GroupCommitAnswerTests
{
    [Fact]
    public async Task a_waiting_caller_gets_the_writers_answer()
    {
        using var caller = new CancellationTokenSource();
        var answer = new GroupCommitAnswer<int>(TaskCreationOptions.None, caller.Token);

        answer.Answer(7);

        Assert.Equal(7, await answer.Task);
    }

    [Fact]
    public async Task a_caller_who_cancels_is_told_so_and_the_writers_later_answer_or_failure_is_dropped()
    {
        using var caller = new CancellationTokenSource();
        var answer = new GroupCommitAnswer<int>(TaskCreationOptions.None, caller.Token);

        await caller.CancelAsync();
        answer.Answer(7);
        answer.Fail(new InvalidOperationException("written after the caller left"));

        var cancelled = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => answer.Task);
        Assert.Equal(caller.Token, cancelled.CancellationToken);
    }

    [Fact]
    public async Task a_cancellation_after_the_answer_changes_nothing()
    {
        using var caller = new CancellationTokenSource();
        var answer = new GroupCommitAnswer<int>(TaskCreationOptions.None, caller.Token);

        answer.Fail(new InvalidOperationException("refused"));
        await caller.CancelAsync();

        await Assert.ThrowsAsync<InvalidOperationException>(() => answer.Task);
    }
}
