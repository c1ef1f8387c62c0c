using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>One row (in one guarantee profile) of two runs' verdicts: how they stand to each other, and any conflict.</summary>
/// <param name="Older">The older run's verdict, as a line ("not run" when its budget left the row out).</param>
/// <param name="Newer">The newer run's verdict, as a line.</param>
/// <param name="Conflict">
/// Null, or what contradicts: one run's choice is separably slower than the other run's choice in the other run's
/// rounds (its pair decision there is slower or behind; a set shown equivalent is not slower), or out of that run's
/// race against it (hopeless, left behind, or a broken claim), and the choosing run's own finding on the pair cannot
/// hold beside that (<see cref="PairFinding.Contradict"/>). Looked for whether or not the choosing run decided.
/// </param>
/// <param name="SeparatedInOneRun">
/// Null, or, where nothing contradicts, a choice separably slower than the other's in the other run only, its own run's
/// finding on the pair holding beside that (shown equivalent there, or undecided): the runs choose apart within what
/// both found.
/// </param>
/// <param name="Identical">Both runs decided the row with the same kind of verdict, the same set and the same choice.</param>
/// <param name="SameChoice">Both runs decided the row and chose the same strategy.</param>
public sealed record VerdictDifference(
    CellKey Cell, string Profile, string Older, string Newer, VerdictDifferenceKind Kind, string? Conflict, string? SeparatedInOneRun = null, bool Identical = false,
    bool SameChoice = false)
{
    /// <summary>One run's choice is separably slower than the other's in the other run, or out of its race against it: a conflict or not.</summary>
    public bool ChoiceLostInOther => Conflict is not null || SeparatedInOneRun is not null;
}
