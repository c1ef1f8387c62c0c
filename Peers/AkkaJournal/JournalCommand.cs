namespace EventCommitLab.Peers.AkkaJournal;

/// <summary>A command to the bench actor, persisted as is: its payload is its place in the actor's stream, from 1.</summary>
public sealed record JournalCommand(int Payload);
