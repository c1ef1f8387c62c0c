using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Statistics;

/// <summary>A group's verdict once its race is over (<see cref="GroupJudgement"/>): its standing, the member to choose, and every other member against that choice.</summary>
public sealed record GroupVerdict(GroupStanding Standing, string Choice, IReadOnlyList<ContenderStanding> Others);
