namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// A queued caller's answer, set by its group commit's writer. The caller's cancellation ends its wait: the answer is
/// cancelled, and the writer's answer, when it comes, is dropped (the commit may still be written).
/// </summary>
/// <remarks>
/// The cancellation is registered on the answer itself rather than awaited beside it (<c>Task.WaitAsync</c>): every
/// commit of a pipeline passes here, and a second task with its own continuation per commit is work each answered caller
/// does before it can send its next commit, while the writer may be waiting for it.
/// </remarks>
public sealed class GroupCommitAnswer<T> : TaskCompletionSource<T>
{
    private readonly CancellationTokenRegistration _cancellation;

    /// <param name="options">
    /// <see cref="TaskCreationOptions.None"/> where the writer answers from work items of its own, so that each caller goes on
    /// right there; <see cref="TaskCreationOptions.RunContinuationsAsynchronously"/> where it answers from its own loop.
    /// </param>
    public GroupCommitAnswer(TaskCreationOptions options, CancellationToken cancellationToken)
        : base(options)
    {
        _cancellation = cancellationToken.UnsafeRegister(static (answer, token) => ((GroupCommitAnswer<T>)answer!).TrySetCanceled(token), this);
    }

    /// <summary>Answers the caller, unless it stopped waiting.</summary>
    public void Answer(T result)
    {
        _cancellation.Unregister();
        TrySetResult(result);
    }

    /// <summary>Answers the caller with a failure, unless it stopped waiting (then nobody reads it, and it is dropped).</summary>
    public void Fail(Exception failure)
    {
        _cancellation.Unregister();
        TrySetException(failure);
    }

    /// <summary>The caller is gone before its call was queued: nothing will answer it.</summary>
    public void Abandon() => _cancellation.Unregister();
}
