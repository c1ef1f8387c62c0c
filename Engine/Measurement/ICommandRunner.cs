using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>Runs a group of commands to their end in one <see cref="CommandMode"/>.</summary>
internal interface ICommandRunner
{
    /// <returns>The acknowledged commands and their events (given-up commands count in neither).</returns>
    ValueTask<(int Commits, long Events)> RunAsync(IReadOnlyList<CommitterCommand> commands, bool measured, CancellationToken cancellationToken);
}
