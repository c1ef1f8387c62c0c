using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>One figure of a suite's run, as <c>compare</c> sets two runs' side by side: what it is, its unit, its value and interval, and which way is better.</summary>
/// <param name="Name">What the figure is, unique within the run (<c>insert, durable</c>; <c>Tiny, 1 event, Append, 10 clients, TagLocks</c>).</param>
public sealed record SuiteFigure(string Name, string Unit, Interval Value, bool HigherIsBetter);
