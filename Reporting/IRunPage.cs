using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>One page of a main run's folder, written from its record alone (so <c>report</c> can write it again).</summary>
public interface IRunPage
{
    string FileName { get; }

    /// <summary>Whether the record holds what the page shows: a verdict needs a race.</summary>
    bool Covers(RunRecord record);

    string Write(RunRecord record);
}
