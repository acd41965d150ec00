/**
 * GitHub's `projects/add-item-for-org` request body, reduced: "send `id`, or `owner` and `repo`",
 * a `oneOf` of `required` lists beside the object's properties, which the strict profiles cannot
 * tell apart (every property is sent, each branch reads a `null` for other absent ones).
 */
export const ADD_ITEM_BODY = {
  type: 'object',
  properties: {
    type: { enum: ['Issue', 'PullRequest'] },
    id: { type: 'integer' },
    owner: { type: 'string' },
    repo: { type: 'string' },
  },
  required: ['type'],
  oneOf: [{ required: ['id'] }, { required: ['owner', 'repo'] }],
};
