using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>How callers enqueue on a group commit's queue: at once where there is room, waiting where it is full, never onto a closed queue, nothing for a caller already gone.</summary>
public sealed class GroupCommitQueueTests
{
    private readonly GroupCommitQueue<int> _queue = new(1, "Tiny", "closed for the test");

    [Fact]
    public async Task a_caller_with_room_is_queued_at_once_and_awaits_its_own_answer()
    {
        var answer = new GroupCommitAnswer<string>(TaskCreationOptions.None, CancellationToken.None);

        var sent = _queue.SendAsync(1, answer, CancellationToken.None);

        Assert.True(_queue.Reader.TryRead(out var queued));
        Assert.Equal(1, queued);
        Assert.False(sent.IsCompleted);
        answer.Answer("written");
        Assert.Equal("written", await sent);
    }

    [Fact]
    public async Task a_caller_who_gives_up_waiting_for_room_queues_nothing()
    {
        var first = _queue.SendAsync(1, new GroupCommitAnswer<string>(TaskCreationOptions.None, CancellationToken.None), CancellationToken.None);
        using var giveUp = new CancellationTokenSource();
        var second = _queue.SendAsync(2, new GroupCommitAnswer<string>(TaskCreationOptions.None, giveUp.Token), giveUp.Token);

        Assert.False(second.IsCompleted);
        await giveUp.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => second);
        Assert.True(_queue.Reader.TryRead(out var queued));
        Assert.Equal(1, queued);
        Assert.False(_queue.Reader.TryRead(out _));
        Assert.False(first.IsCompleted);
    }

    [Fact]
    public async Task a_caller_already_cancelled_queues_nothing()
    {
        using var gone = new CancellationTokenSource();
        await gone.CancelAsync();

        var sent = _queue.SendAsync(1, new GroupCommitAnswer<string>(TaskCreationOptions.None, gone.Token), gone.Token);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => sent);
        Assert.False(_queue.Reader.TryRead(out _));
    }

    [Fact]
    public async Task a_closed_queue_refuses_a_caller_as_disposed_naming_its_owner()
    {
        _queue.Close();

        var refused = await Assert.ThrowsAsync<ObjectDisposedException>(
            () => _queue.SendAsync(1, new GroupCommitAnswer<string>(TaskCreationOptions.None, CancellationToken.None), CancellationToken.None));

        Assert.Equal("Tiny", refused.ObjectName);
        Assert.Contains("closed for the test", refused.Message, StringComparison.Ordinal);
    }
}
