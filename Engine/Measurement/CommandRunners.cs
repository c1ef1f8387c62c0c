using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>The runner of each command mode.</summary>
internal static class CommandRunners
{
    /// <param name="wholeGroups">The contender takes whole groups (a wave in one call), so a group's commands are not sent one by one.</param>
    public static ICommandRunner For(CommandMode mode, CommandAttempts attempts, CommitterSlots slots, bool wholeGroups) => mode switch
    {
        CommandMode.Optimistic => new OptimisticCommands(attempts),
        CommandMode.Owned => new OwnedCommands(attempts, slots, wholeGroups),
        // A contender handed whole groups answers a group before it takes the next, so its owners cannot hand on early.
        CommandMode.Pipelined when wholeGroups => new OwnedCommands(attempts, slots, wholeGroups),
        CommandMode.Pipelined => new PipelinedCommands(attempts, slots),
        _ => throw new ArgumentOutOfRangeException(nameof(mode), mode, "no such command mode"),
    };
}
