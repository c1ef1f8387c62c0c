namespace EventCommitLab.Engine.Racing;

/// <summary>
/// One of a race's rules: at its moment (the qualifying round, a race round, a look) it reads the race's state and
/// sends contenders out, ends groups, or ends the race. A race is the list of its rules, applied in order
/// (<see cref="Race"/>), as BenchmarkDotNet's engine is a list of stopping criteria.
/// </summary>
internal interface IRaceRule
{
    void Apply(RaceState state);
}
