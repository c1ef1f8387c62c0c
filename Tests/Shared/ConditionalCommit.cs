using EventCommitLab.Contract.Model;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>Conditional commits for tests: reserving a seat succeeds only if nobody reserved it (after a position).</summary>
public static class ConditionalCommit
{
    public const string Reserved = "SeatReserved";

    /// <summary>One <see cref="Reserved"/> event tagged <paramref name="seat"/>, written only if no such event is in the log after <paramref name="after"/>.</summary>
    public static CommitRequest Reserving(string seat, long? after) =>
        CommitRequest.ForCondition(new AppendCondition(DcbQuery.Of([Reserved], seat), after), [Event(Reserved, seat)]);

    public static UncommittedEvent Event(string type, string seat) =>
        new($"venue-{seat}", type, $$"""{"seat":"{{seat}}"}""", [seat, "venue"]);
}
