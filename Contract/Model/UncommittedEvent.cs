namespace EventCommitLab.Contract.Model;

/// <summary>An event as a caller hands it to a strategy: no sequence number yet.</summary>
/// <param name="EventSource">The stream (entity) the event belongs to.</param>
/// <param name="EventType">The event's type name.</param>
/// <param name="Payload">The event's content as a JSON document.</param>
/// <param name="Tags">Free-form labels stored with the event.</param>
public sealed record UncommittedEvent(string EventSource, string EventType, string Payload, IReadOnlyList<string> Tags);
