namespace EventCommitLab.Contract.Model;

/// <summary>
/// The condition of a conditional append: fail when any event matching <see cref="FailIfEventsMatch"/> has a position
/// after <see cref="After"/> (anywhere in the log when null). <see cref="After"/> is the position the caller's decision
/// was read up to.
/// </summary>
public sealed record AppendCondition(DcbQuery FailIfEventsMatch, long? After);
