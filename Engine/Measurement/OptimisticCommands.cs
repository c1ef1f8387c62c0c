namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// <see cref="Results.CommandMode.Optimistic"/>: every command is sent as drawn, decided on the version its committer
/// last knew; a conflict is answered by learning the version and trying again.
/// </summary>
internal sealed class OptimisticCommands(CommandAttempts attempts) : ICommandRunner
{
    public ValueTask<(int Commits, long Events)> RunAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken) =>
        attempts.RunToEndAsync(commands, measured, cancellationToken);
}
